// Which D1 session a request reads through (D1 read replication, the Sessions API). With replication on, a session
// opened with "first-unconstrained" may read from any replica, "first-primary" starts at the primary, and a bookmark
// reads at least as new as the write it names. A member's requests carry their last bookmark in an HttpOnly cookie,
// so a member always reads their own writes, while guests' catalogue reads go to the nearest replica.
// Framework-free: the proxy (worker/proxy/d1-bookmark.ts) reads the request, asks here, and writes the cookie.
import { cookieName, setCookieName } from "~/http/cookies";

/** The cookie holding a member's last D1 bookmark (`cookieName` adds `__Host-` over https, as for the token). */
export const BOOKMARK_COOKIE = "bookstore_d1_bookmark";

/** Public catalogue reads (the edge-cached ones, and media): any replica will do. */
export const CATALOGUE_READS = "first-unconstrained" satisfies D1SessionConstraint;
/** Reads that must see every committed write, and all writes. */
export const PRIMARY = "first-primary" satisfies D1SessionConstraint;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// D1's bookmarks are four dash-separated hex fields (e.g. 00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683);
// anything else in the cookie is ignored rather than handed to D1, which would fail the query.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export function isBookmark(value: string | null | undefined): value is D1SessionBookmark {
  return typeof value === "string" && BOOKMARK.test(value);
}

export interface SessionRequest {
  method: string;
  /** The request carries the member token cookie. */
  member: boolean;
  /** The bookmark cookie as it came (null when absent). */
  bookmark: string | null;
}

/** What to open the request's session with: a constraint, or the bookmark to read at least as new as. */
export function sessionStart({ method, member, bookmark }: SessionRequest): D1SessionConstraint | D1SessionBookmark {
  if (!SAFE_METHODS.has(method.toUpperCase())) return PRIMARY;
  if (isBookmark(bookmark)) return bookmark;
  // Without a (valid) bookmark a member cannot know where their last write is: read from the primary.
  return member ? PRIMARY : CATALOGUE_READS;
}

/** Whether the reply hands the session's bookmark back: after a member's request or any write, never a guest's read. */
export function passesBookmarkOn({ method, member }: Pick<SessionRequest, "method" | "member">): boolean {
  return member || !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The last bookmark cookie among Set-Cookie values (the API's replies to a page's loaders and actions), for the page's
 * own reply: a member who writes through a form action then reads at least as new on the next page.
 */
export function lastBookmarkCookie(setCookies: readonly string[], url: URL): string | null {
  const name = cookieName(url, BOOKMARK_COOKIE);
  return setCookies.findLast((value) => setCookieName(value) === name) ?? null;
}
