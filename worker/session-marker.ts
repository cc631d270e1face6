// The session marker cookie (SESSION_COOKIE in app/http/cookies.ts) always names the session of the token cookie
// beside it. Every place that sets or clears the token sets or clears the marker with it; a page's reply also
// repairs a marker that disagrees with the token it came with (a session started before the marker existed, a
// marker removed by hand, or one left after its token), so the browser's idea of whose data it holds is never
// another member's for longer than one page.

import { sessionKeyOf } from "~/features/session/session-key";
import {
  cookieName,
  readSiteCookie,
  SESSION_COOKIE,
  serializeCookie,
  sessionMarkerCookie,
  setCookieName,
  TOKEN_COOKIE,
} from "~/http/cookies";

/** The Set-Cookie that makes the marker agree with the token, or null when it does (or the reply sets both). */
export async function sessionMarkerRepair(
  url: URL,
  cookieHeader: string | null,
  replyCookies: readonly string[],
): Promise<string | null> {
  // A reply that sets or clears the token itself sets or clears the marker with it.
  const token = cookieName(url, TOKEN_COOKIE);
  if (replyCookies.some((cookie) => setCookieName(cookie) === token)) return null;
  const expected = await sessionKeyOf(readSiteCookie(url, cookieHeader, TOKEN_COOKIE));
  const marker = readSiteCookie(url, cookieHeader, SESSION_COOKIE) || null;
  if (marker === expected) return null;
  return expected
    ? sessionMarkerCookie(url, expected)
    : serializeCookie(url, SESSION_COOKIE, "", 0, { readable: true });
}

/** The page's reply, with the marker repaired when it disagrees with the request's token. */
export async function withSessionMarker(request: Request, response: Response): Promise<Response> {
  const repair = await sessionMarkerRepair(
    new URL(request.url),
    request.headers.get("Cookie"),
    response.headers.getSetCookie(),
  );
  if (!repair) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", repair);
  // A reply that sets a cookie is this reader's alone, even when the page came from the edge cache.
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
