// A member's 收藏 pressed on a page rendered for a guest (without JavaScript, or before hydration) is added by
// /login's action. That page cannot show it (it is the guest's, maybe from the edge cache), so the member is taken to
// their favourites, where the item is listed first, with a way back to the page (`?liked=` the page's path).
// Framework-free.
import { safeReturnPath } from "~/http/return-path";
import type { LikeType } from "./likes";

/** /member/favorites' tab of each like type (SPEC §3: 0 book, 1 author, 2 article). */
const TAB_OF_TYPE = ["books", "authors", "articles"] as const;

/** Where a like added from the page at `back` leads: the member's favourites of its type. */
export function likedHref(type: LikeType, back: string): string {
  return `/member/favorites?${new URLSearchParams({ tab: TAB_OF_TYPE[type], liked: back })}`;
}

/** The page a like was just added from (a path on this site), or null when the address names none. */
export function likedFrom(url: URL): string | null {
  const back = url.searchParams.get("liked");
  return back === null ? null : safeReturnPath(back, "/");
}
