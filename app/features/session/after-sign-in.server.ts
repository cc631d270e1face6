// Where a reader goes once signed in (login, register, OAuth, recovery): the stored return address, else their
// profile. A guest's 收藏 that led here (pending-like.server.ts) is added first; they then see it among their
// favourites, with the way back to the page.

import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { likedRedirect } from "~/features/favorites/favorites-notice.server";
import { clearPendingLike, pendingLikeOf } from "~/features/favorites/pending-like.server";
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
 * The redirect at the end of a sign-in (an action's: `cookies` carries the new session's). A guest's kept 收藏 is added
 * for the member now signed in, and they go to their favourites, told so, with the way back to the page. A like the
 * API does not take (the item is gone, the API cannot answer) is forgotten: they go back to the page, where its 收藏
 * shows what is true. Without a kept press, as redirectAfterSignIn.
 */
export async function signedInRedirect(
  request: Request,
  context: Readonly<RouterContextProvider>,
  cookies: Headers,
): Promise<Response> {
  const like = pendingLikeOf(request);
  if (!like) return redirectAfterSignIn(request, cookies);
  cookies.append("Set-Cookie", clearPendingLike(request));
  const member = asBrowserNext(request, cookies);
  if (readCookie(member, TOKEN_COOKIE) === null) return redirectAfterSignIn(request, cookies);
  const added = await submitted(serverApi(member, context).POST("/member/favorites", { body: { ...like, status: 1 } }));
  if (!added.ok) return redirectAfterSignIn(request, cookies);
  const back = safeReturnPath(readCookie(request, RETURN_URL_COOKIE), "/");
  cookies.append("Set-Cookie", clearCookie(request, RETURN_URL_COOKIE));
  const liked = await likedRedirect(member, like.type, back);
  cookies.append("Set-Cookie", liked.cookie);
  return redirect(liked.location, { headers: cookies });
}

/** The request as the browser sends its next one: its cookies with those `cookies` sets (a value) or clears (none). */
function asBrowserNext(request: Request, cookies: Headers): Request {
  const jar = new Map<string, string>();
  for (const pair of (request.headers.get("Cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const setCookie of cookies.getSetCookie()) {
    const pair = setCookie.split(";", 1)[0] ?? "";
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (value === "") jar.delete(name);
    else jar.set(name, value);
  }
  const headers = new Headers(request.headers);
  headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return new Request(request.url, { headers });
}
