// A guest's 收藏 asks them to sign in first (favorite-button.tsx posts it to /login, SPEC §2). What they pressed is kept
// in a short-lived HttpOnly cookie, and added once they have signed in (login, registration, OAuth, recovery: all end
// in signedInRedirect), so the press is not lost on the way: they come back to the page (the return address) with its
// 收藏 pressed. Only the type and id are kept.

import { redirect } from "react-router";
import { PENDING_LIKE_COOKIE } from "~/http/cookie-names";
import { clearCookie, readCookie, serializeCookieFor } from "~/http/cookies.server";
import type { LikeTarget } from "./like-target";
import type { LikeType } from "./likes";

/**
 * Long enough to sign in or register; after that the press is forgotten, as an abandoned sign-in should be, so that
 * another reader signing in later in the same browser is not given it. Signing out, 不要加入收藏 (on each page that can
 * sign in: pending-like-notice.tsx) and any other way to /login forget it sooner.
 */
const PENDING_MAX_AGE_SECONDS = 15 * 60;

/** The cookie that keeps a guest's press until they have signed in. */
export function pendingLikeCookie(request: Request, like: LikeTarget): string {
  return serializeCookieFor(request, PENDING_LIKE_COOKIE, `${like.type}.${like.id}`, PENDING_MAX_AGE_SECONDS);
}

/** The Set-Cookie that forgets a kept press. */
export function clearPendingLike(request: Request): string {
  return clearCookie(request, PENDING_LIKE_COOKIE);
}

/** The press the request carries, or null (none, or malformed). */
export function pendingLikeOf(request: Request): LikeTarget | null {
  const match = /^([012])\.([1-9]\d{0,15})$/.exec(readCookie(request, PENDING_LIKE_COOKIE) ?? "");
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { type: Number(match[1]) as LikeType, id } : null;
}

/**
 * 不要加入收藏 (pending-like-notice.tsx), posted to the page it was on: the kept press is forgotten, and the page shown
 * again at `path` (what the reader typed there is not kept: the button is a form of its own).
 */
export function forgetPendingLike(request: Request, path: string): Response {
  return redirect(path, { status: 303, headers: { "Set-Cookie": clearPendingLike(request) } });
}
