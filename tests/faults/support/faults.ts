// Driving the fault tests' stand-in origin (fault-origin.mjs) and signing in for them.
import { type APIRequestContext, expect } from "@playwright/test";
import { FAULT_API_TIMEOUT_MS, FAULT_ORIGIN_PORT, STOREFRONT_BASE_URL } from "../../support/servers";

export const API = "/api/frontend";

/** The modes that fail (fault-origin.mjs), with the HTTP status of the proxy's code-5 reply to each. */
export const FAILING_MODES = [
  { mode: "hang", status: 504 },
  { mode: "slow", status: 504 },
  { mode: "500", status: 502 },
  { mode: "broken-json", status: 502 },
  { mode: "wrong-envelope", status: 502 },
  { mode: "reset", status: 502 },
] as const;

/** How long a failing call may take at most: the timeout, plus the time a loaded machine needs to render. */
export const WITHIN_TIMEOUT_MS = FAULT_API_TIMEOUT_MS + 3_000;

/** Switches the stand-in origin; "slow" sends its body `delayMs` after the headers (by default past the timeout). */
export async function setFault(mode: string, delayMs = FAULT_API_TIMEOUT_MS * 3) {
  const res = await fetch(`http://127.0.0.1:${FAULT_ORIGIN_PORT}/_fault`, {
    method: "POST",
    body: JSON.stringify({ mode, delay_ms: delayMs }),
  });
  expect(res.status, `fault origin refused mode ${mode}`).toBe(200);
}

/**
 * Registers a member of the test's own at the plain storefront, whose proxy sets the token cookie in `request`'s
 * jar. Cookies belong to the host, not the port, so the fault storefront (same 127.0.0.1) receives it too. (Signing
 * in through the fault storefront cannot work: the plain storefront's proxy behind the stand-in keeps the token to a
 * cookie of its own, which the stand-in, as a bare backend would, does not pass on.)
 */
export async function signInAtPlainStorefront(request: APIRequestContext) {
  const email = `fault-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post(`${STOREFRONT_BASE_URL}${API}/member/register`, {
    data: { email, password: "Lotus2026", name: "故障測試讀者" },
  });
  expect((await res.json()).code).toBe(1);
  return email;
}

/** A search nobody made before: neither its page nor its API reply can be cached anywhere yet. */
export const uncachedSearch = () =>
  `/search?q=${encodeURIComponent(`無此書${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`)}`;
