// The built-in API reads D1 through a session chosen per request (worker/d1-session.ts). A member's replies and every
// write hand back the session's bookmark in a cookie of its own, so the member's next request reads at least as new;
// it is cleared with the token.
import { readSiteCookie, serializeCookie, TOKEN_MAX_AGE_SECONDS } from "~/http/cookies";
import type { WorkerConfig } from "../config";
import { BOOKMARK_COOKIE, passesBookmarkOn, type SessionRequest, sessionStart } from "../d1-session";
import { openSession } from "./upstream";

/** What the request asks of D1: its method, and whether it carries the member's token. */
export type Asked = Pick<SessionRequest, "method" | "member">;

/** The request's D1 session, opened at the bookmark its cookie names (or as `sessionStart` says); none for API_ORIGIN. */
export function openRequestSession(
  request: Request,
  env: Env,
  config: WorkerConfig,
  asked: Asked,
): D1DatabaseSession | null {
  const url = new URL(request.url);
  return openSession(env, config, () =>
    sessionStart({ ...asked, bookmark: readSiteCookie(url, request.headers.get("Cookie"), BOOKMARK_COOKIE) }),
  );
}

/** Hands on the bookmark after this request's reads and writes (a member's request, or any write). */
export function passBookmark(headers: Headers, url: URL, db: D1DatabaseSession | null, asked: Asked): void {
  const bookmark = db && passesBookmarkOn(asked) ? db.getBookmark() : null;
  if (bookmark) headers.append("Set-Cookie", serializeCookie(url, BOOKMARK_COOKIE, bookmark, TOKEN_MAX_AGE_SECONDS));
}

/** Clears the bookmark cookie with the session (only the built-in API writes one). */
export function clearBookmark(headers: Headers, url: URL, db: D1DatabaseSession | null): void {
  if (db) headers.append("Set-Cookie", serializeCookie(url, BOOKMARK_COOKIE, "", 0));
}
