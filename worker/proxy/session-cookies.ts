// The member's session in cookies (app/http/cookies.ts): the HttpOnly token comes in with the request and goes to
// the API as `Authorization: Bearer`; a reply that starts a session sets it with the readable session marker, and
// one that ends it clears both, always together.
import { clearedSessionCookies, readSiteCookie, sessionCookies, TOKEN_COOKIE } from "~/http/cookies";

/** The member token of the request, under the cookie name of the scheme; null for a guest. */
export function tokenOf(request: Request): string | null {
  return readSiteCookie(new URL(request.url), request.headers.get("Cookie"), TOKEN_COOKIE);
}

/** Sets the token cookie and the session marker for the session a reply started. */
export function startSession(headers: Headers, url: URL, session: { token: string; sessionKey: string }): void {
  for (const cookie of sessionCookies(url, session.token, session.sessionKey)) headers.append("Set-Cookie", cookie);
}

/** Clears the token cookie and the session marker. */
export function endSession(headers: Headers, url: URL): void {
  for (const cookie of clearedSessionCookies(url)) headers.append("Set-Cookie", cookie);
}
