// Cookie helpers for loaders and actions (see app/domain/cookies.ts for names and rules).
import { RETURN_URL_COOKIE, readCookie as readFrom, serializeCookie, TOKEN_COOKIE } from "~/domain/cookies";

export { RETURN_URL_COOKIE, TOKEN_COOKIE };

export function readCookie(request: Request, name: string): string | null {
  return readFrom(request.headers.get("Cookie"), name);
}

export function returnUrlCookie(request: Request, path: string): string {
  return serializeCookie(new URL(request.url), RETURN_URL_COOKIE, path, 24 * 60 * 60);
}

export function clearCookie(request: Request, name: string): string {
  return serializeCookie(new URL(request.url), name, "", 0);
}
