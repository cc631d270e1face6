// Cookie helpers for loaders and actions (see app/http/cookies.ts for names and rules).
import {
  clearedSessionCookies,
  RETURN_URL_COOKIE,
  readSiteCookie,
  serializeCookie,
  TOKEN_COOKIE,
} from "~/http/cookies";

export { RETURN_URL_COOKIE, TOKEN_COOKIE };

/** A cookie under the name it has on this site (`__Host-` prefixed over https). */
export function readCookie(request: Request, name: string): string | null {
  return readSiteCookie(new URL(request.url), request.headers.get("Cookie"), name);
}

/** An HttpOnly cookie of this site (`__Host-` and Secure over https). */
export function serializeCookieFor(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  return serializeCookie(new URL(request.url), name, value, maxAgeSeconds);
}

export function returnUrlCookie(request: Request, path: string): string {
  return serializeCookieFor(request, RETURN_URL_COOKIE, path, 24 * 60 * 60);
}

export function clearCookie(request: Request, name: string): string {
  return serializeCookie(new URL(request.url), name, "", 0);
}

/** Ends the session in this browser: the token and the session marker cookie, always together. */
export function clearSessionCookies(request: Request, headers: Headers) {
  for (const cookie of clearedSessionCookies(new URL(request.url))) headers.append("Set-Cookie", cookie);
}
