// The member session as the root loader saw it: whether there is one, and its non-secret key (the token itself
// stays in its HttpOnly cookie; see session-key.server.ts).
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

export function useSignedIn(): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.signedIn ?? false;
}

/** The current session's key for member queries (member-query.ts), or null for a guest. */
export function useSessionKey(): string | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.sessionKey ?? null;
}
