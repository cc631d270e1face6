// Per-request values the worker hands to React Router through RouterContextProvider (DESIGN: createContext,
// not AppLoadContext augmentation).
import { createContext } from "react-router";
import type { SiteConfig } from "../lib/site-config";

interface RequestValues {
  config: SiteConfig;
  /** Calls the /api/frontend endpoints in-process (no network hop to the built-in API). */
  apiFetch: (request: Request) => Promise<Response>;
  /** Set by the worker's route rules for data requests that must be redirected (e.g. non-numeric ids). */
  routeRedirect: string | null;
  /** CSP nonce for inline and module scripts; empty when no CSP is sent. */
  nonce: string;
  requestId: string;
}

export const requestContext = createContext<RequestValues>();
