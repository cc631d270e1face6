// "A guest goes to /login and comes back": the one way a page that only a signed-in member may see (the member
// layout, /order-complete, a checkout step) sends a reader to sign in, with the page kept as the return address.
import { redirect } from "react-router";
import { API_CODE } from "../../http/api-codes";
import { clearSessionCookies, readCookie, returnUrlCookie, TOKEN_COOKIE } from "../../http/cookies.server";
import type { Submitted } from "../../lib/api/loader-data.server";
import { clearPendingLike } from "../favorites/pending-like.server";
import { SESSION_ENDED_LOGIN } from "./session-ended";

/** The page the reader asked for, as the return address: a client navigation's `<path>.data` is the page itself. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  // A client navigation asks for `<path>.data` (with `_routes` on a revalidation); the reader comes back to the page.
  url.searchParams.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/**
 * The redirect to /login that comes back to this page (or to `returnTo`); `clearToken` forgets an ended session's
 * token (and its marker) too, and /login says the session has ended.
 */
export function signInFirst(
  request: Request,
  { clearToken = false, returnTo }: { clearToken?: boolean; returnTo?: string } = {},
): Response {
  const headers = new Headers({ "Set-Cookie": returnUrlCookie(request, returnTo ?? pageOf(request)) });
  // Signing in now leads back here: a 收藏 pressed earlier as a guest is no longer what it finishes.
  headers.append("Set-Cookie", clearPendingLike(request));
  if (clearToken) clearSessionCookies(request, headers);
  return redirect(clearToken ? SESSION_ENDED_LOGIN : "/login", { headers });
}

/**
 * A member page's action after its API call: a session the API has ended (code 3) is forgotten in this browser and
 * the reader signs in again and comes back (SPEC §8), rather than a form error on a page that still looks signed in.
 */
export function signInAgainIfEnded<T>(request: Request, reply: Submitted<T>): Submitted<T> {
  if (!reply.ok && reply.code === API_CODE.unauthenticated) throw signInFirst(request, { clearToken: true });
  return reply;
}

/** Throws the way to /login (see signInFirst) when the request carries no member token. */
export function requireMember(request: Request, options: { returnTo?: string } = {}): void {
  if (readCookie(request, TOKEN_COOKIE) === null) throw signInFirst(request, options);
}
