// The one-shot notice /member/favorites shows after a 收藏 or 取消收藏 posted without JavaScript. It travels in a
// short-lived HttpOnly cookie, never in the address: an address would be carried on by the page links (tabs,
// pagination) and could be crafted to say 「已加入收藏。」 for nothing. The favourites page reads it once and clears it.
//  - A member's press of 收藏 on a page rendered for a guest (without JavaScript, or before hydration) is added by
//    /login's action; that page cannot show it (it is the guest's, maybe from the edge cache), so the member is taken
//    to the favourites tab of its type, where the item is listed first, with a way back to the page.
//  - 取消收藏 posted from the favourites page: the same list again, saying the removal.

import { FAVORITES_NOTICE_COOKIE } from "~/http/cookie-names";
import { clearCookie, readCookie, serializeCookieFor } from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";
import type { LikeType } from "./likes";

/** /member/favorites' tab of each like type (SPEC §3: 0 book, 1 author, 2 article). */
const TAB_OF_TYPE = ["books", "authors", "articles"] as const;

/** Long enough for the redirect that follows the post, short enough that a notice never outlives it. */
const NOTICE_MAX_AGE_SECONDS = 60;

const LIKED = "liked:";
const REMOVED = "removed";

/** What the favourites page says once: a like added from the page at `likedFrom`, or a removal. */
export interface FavoritesNotice {
  likedFrom: string | null;
  removed: boolean;
}

/** Where a like added from the page at `back` leads (its tab of the favourites), and the cookie that says so there. */
export function likedRedirect(request: Request, type: LikeType, back: string): { location: string; cookie: string } {
  return {
    location: `/member/favorites?tab=${TAB_OF_TYPE[type]}`,
    cookie: serializeCookieFor(request, FAVORITES_NOTICE_COOKIE, `${LIKED}${back}`, NOTICE_MAX_AGE_SECONDS),
  };
}

/** The cookie that has the favourites page say 已取消收藏。 once. */
export function removedNoticeCookie(request: Request): string {
  return serializeCookieFor(request, FAVORITES_NOTICE_COOKIE, REMOVED, NOTICE_MAX_AGE_SECONDS);
}

/**
 * The notice the request carries (the way back is always a path on this site), and the Set-Cookie that clears it;
 * null when it carries none.
 */
export function takeFavoritesNotice(request: Request): { notice: FavoritesNotice; clear: string } | null {
  const value = readCookie(request, FAVORITES_NOTICE_COOKIE);
  if (value === null) return null;
  const clear = clearCookie(request, FAVORITES_NOTICE_COOKIE);
  if (value === REMOVED) return { notice: { likedFrom: null, removed: true }, clear };
  const likedFrom = value.startsWith(LIKED) ? safeReturnPath(value.slice(LIKED.length), "/") : null;
  return { notice: { likedFrom, removed: false }, clear };
}
