// The one-shot notice /member/favorites shows after a 收藏 or 取消收藏 posted without JavaScript. It travels in a
// short-lived HttpOnly cookie, never in the address: an address would be carried on by the page links (tabs,
// pagination) and could be crafted to say 「已加入收藏。」 for nothing. The favourites page reads it once and clears it.
//  - A member's press of 收藏 on a page rendered for a guest (without JavaScript, or before hydration) is added by
//    /login's action; that page cannot show it (it is the guest's, maybe from the edge cache), so the member is taken
//    to the favourites tab of its type, where the item is listed first, with a way back to the page.
//  - 取消收藏 posted from the favourites page: the same list again, saying the removal.
// The cookie names the session it was written for (its key, never the token): a member who signs out before the
// redirect is followed leaves nothing that the next member in the same browser would be told.

import { sessionKeyOf } from "~/features/session/session-key";
import { FAVORITES_NOTICE_COOKIE, TOKEN_COOKIE } from "~/http/cookie-names";
import { clearCookie, readCookie, serializeCookieFor } from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";
import type { LikeType } from "./likes";

/** /member/favorites' tab of each like type (SPEC §3: 0 book, 1 author, 2 article). */
const TAB_OF_TYPE = ["books", "authors", "articles"] as const;

/** Long enough for the redirect that follows the post, short enough that a notice never outlives it. */
const NOTICE_MAX_AGE_SECONDS = 60;

/**
 * The longest way back the cookie carries, encoded: well inside a browser's 4 KB per cookie, which drops a longer one
 * whole. A longer address is carried without its query, and at worst the way back is the home page.
 */
const MAX_BACK_ENCODED = 1024;

const LIKED = "liked:";
const REMOVED = "removed";
/** Between the session key and the notice. */
const KEYED = ".";

/** What the favourites page says once: a like added from the page at `likedFrom`, or a removal. */
export interface FavoritesNotice {
  likedFrom: string | null;
  removed: boolean;
}

/** The session this request carries, by its key. */
function sessionOf(request: Request): Promise<string | null> {
  return sessionKeyOf(readCookie(request, TOKEN_COOKIE));
}

async function noticeCookie(request: Request, notice: string): Promise<string> {
  const value = `${(await sessionOf(request)) ?? ""}${KEYED}${notice}`;
  return serializeCookieFor(request, FAVORITES_NOTICE_COOKIE, value, NOTICE_MAX_AGE_SECONDS);
}

/** A way back short enough for the cookie. */
function boundedBack(back: string): string {
  const fits = (path: string) => encodeURIComponent(path).length <= MAX_BACK_ENCODED;
  if (fits(back)) return back;
  const path = back.split(/[?#]/, 1)[0] ?? "/";
  return fits(path) ? path : "/";
}

/** Where a like added from the page at `back` leads (its tab of the favourites), and the cookie that says so there. */
export async function likedRedirect(
  request: Request,
  type: LikeType,
  back: string,
): Promise<{ location: string; cookie: string }> {
  return {
    location: `/member/favorites?tab=${TAB_OF_TYPE[type]}`,
    cookie: await noticeCookie(request, `${LIKED}${boundedBack(back)}`),
  };
}

/** The cookie that has the favourites page say 已取消收藏。 once. */
export function removedNoticeCookie(request: Request): Promise<string> {
  return noticeCookie(request, REMOVED);
}

/**
 * The notice the request carries for its own session (the way back is always a path on this site), and the
 * Set-Cookie that clears it; null when it carries none. A notice written for another session is cleared unsaid.
 */
export async function takeFavoritesNotice(
  request: Request,
): Promise<{ notice: FavoritesNotice | null; clear: string } | null> {
  const value = readCookie(request, FAVORITES_NOTICE_COOKIE);
  if (value === null) return null;
  const clear = clearCookie(request, FAVORITES_NOTICE_COOKIE);
  const at = value.indexOf(KEYED);
  const session = await sessionOf(request);
  if (at < 0 || session === null || value.slice(0, at) !== session) return { notice: null, clear };
  const notice = value.slice(at + KEYED.length);
  if (notice === REMOVED) return { notice: { likedFrom: null, removed: true }, clear };
  const likedFrom = notice.startsWith(LIKED) ? safeReturnPath(notice.slice(LIKED.length), "/") : null;
  return { notice: { likedFrom, removed: false }, clear };
}
