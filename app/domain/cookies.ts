// How the site's cookies (names and scheme rule in cookie-names.ts) are read from a request and written on a reply.
// Server-side only (the worker and *.server.ts modules): the browser reads its one cookie with
// app/lib/document-cookie.ts.
import { cookieName, SESSION_COOKIE, secureOn, TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from "./cookie-names";

export {
  cookieName,
  RETURN_URL_COOKIE,
  SESSION_COOKIE,
  TOKEN_COOKIE,
  TOKEN_MAX_AGE_SECONDS,
} from "./cookie-names";

export function readCookie(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Reads a cookie under the name it has on this site (`cookieName`); the other spelling is ignored. */
export function readSiteCookie(url: URL, cookieHeader: string | null, name: string): string | null {
  return readCookie(cookieHeader, cookieName(url, name));
}

/**
 * HttpOnly, SameSite=Lax, Path=/, no Domain; Secure and `__Host-` prefixed except on plain-http localhost. Only the
 * session marker is written readable by scripts (`readable`).
 */
export function serializeCookie(
  url: URL,
  name: string,
  value: string,
  maxAgeSeconds: number,
  { readable = false }: { readable?: boolean } = {},
): string {
  return [
    `${cookieName(url, name)}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    ...(readable ? [] : ["HttpOnly"]),
    "SameSite=Lax",
    ...(secureOn(url) ? ["Secure"] : []),
  ].join("; ");
}

/** The Set-Cookie values that start a session: the HttpOnly token and the readable marker with its session key. */
export function sessionCookies(url: URL, token: string, sessionKey: string): string[] {
  return [serializeCookie(url, TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS), sessionMarkerCookie(url, sessionKey)];
}

/** The marker alone (the worker repairs a missing or wrong one; see worker/middleware/session-marker.ts). */
export function sessionMarkerCookie(url: URL, sessionKey: string): string {
  return serializeCookie(url, SESSION_COOKIE, sessionKey, TOKEN_MAX_AGE_SECONDS, { readable: true });
}

/** The Set-Cookie values that end a session: the token and the marker, both expired. */
export function clearedSessionCookies(url: URL): string[] {
  return [serializeCookie(url, TOKEN_COOKIE, "", 0), serializeCookie(url, SESSION_COOKIE, "", 0, { readable: true })];
}
