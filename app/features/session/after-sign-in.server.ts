// Where a reader goes once signed in (login, register, OAuth, recovery): the stored return address, else their
// profile. A guest's 收藏 that led here (pending-like.server.ts) is added first.

import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { clearPendingLike, pendingLikeOf } from "~/features/favorites/pending-like.server";
import { cookieHeaderAfter, readSiteCookie } from "~/http/cookies";
import { clearCookie, RETURN_URL_COOKIE, readCookie, TOKEN_COOKIE } from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";
import { submitted } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";

/** The redirect after signing in; `cookies` carries the proxy's token cookie, and the return address is spent. */
export function redirectAfterSignIn(request: Request, cookies: Headers): Response {
  cookies.append("Set-Cookie", clearCookie(request, RETURN_URL_COOKIE));
  return redirect(safeReturnPath(readCookie(request, RETURN_URL_COOKIE), "/member/profile"), { headers: cookies });
}

/**
 * The redirect at the end of a sign-in (an action's, or the OAuth callback's: `cookies` carries what the sign-in's
 * reply set, the new session's token among it). A guest's kept 收藏 is added first, for the member now signed in;
 * then, as SPEC §2 has it, back to the stored return address, the page where it was pressed (with scripts, its 收藏
 * shows the like). A like the API does not take (the item is gone, the API cannot answer) is forgotten. Without a
 * kept press, as redirectAfterSignIn.
 */
export async function signedInRedirect(
  request: Request,
  context: Readonly<RouterContextProvider>,
  cookies: Headers,
): Promise<Response> {
  const like = pendingLikeOf(request);
  if (!like) return redirectAfterSignIn(request, cookies);
  // Added only for a session this sign-in started (its token is among `cookies`), never one the browser had before.
  const member = startsSession(request, cookies) ? asBrowserNext(request, cookies) : null;
  cookies.append("Set-Cookie", clearPendingLike(request));
  if (member) {
    try {
      // The write's D1 bookmark rides on with the token, so the page that follows reads the like.
      await submitted(
        serverApi(member, context, { setCookies: cookies }).POST("/member/favorites", { body: { ...like, status: 1 } }),
      );
    } catch {
      // The like is not worth the sign-in: the reader is signed in all the same.
    }
  }
  return redirectAfterSignIn(request, cookies);
}

/** Whether `cookies` set a member token: the sign-in started a session. */
function startsSession(request: Request, cookies: Headers): boolean {
  return readSiteCookie(new URL(request.url), cookieHeaderAfter(null, cookies.getSetCookie()), TOKEN_COOKIE) !== null;
}

/** The request as the browser sends its next one: its cookies with those `cookies` sets or clears. */
function asBrowserNext(request: Request, cookies: Headers): Request {
  const headers = new Headers(request.headers);
  headers.set("Cookie", cookieHeaderAfter(request.headers.get("Cookie"), cookies.getSetCookie()));
  return new Request(request.url, { headers });
}
