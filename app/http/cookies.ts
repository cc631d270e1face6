// How the site's cookies (names and scheme rule in cookie-names.ts) are read from a request and written on a reply.
// Reading and writing them is the `cookie` package's (the one React Router itself uses): RFC 6265 parsing of a
// Cookie header, and a cookie's name and value checked and encoded for Set-Cookie. What stays here is this site's
// rule: the one ordered list of attributes every cookie carries.
// Server-side only (the worker and *.server.ts modules; cookies.test.ts checks it): in the browser the package would
// land in the shell chunk every route loads first. The browser reads its one cookie with app/http/document-cookie.ts.
import { parseCookie, parseSetCookie, stringifySetCookie } from "cookie";
import { cookieName, SESSION_COOKIE, secureOn, TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS } from "./cookie-names";

export {
  cookieName,
  RETURN_URL_COOKIE,
  SESSION_COOKIE,
  TOKEN_COOKIE,
  TOKEN_MAX_AGE_SECONDS,
} from "./cookie-names";

/** Keeps a value as it came, so that `readCookie` decodes it itself. */
const asItCame = (value: string) => value;

/** The first cookie of that name in a Cookie header, percent-decoded; null when absent or not decodable. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  const value = parseCookie(cookieHeader ?? "", { decode: asItCame })[name];
  if (value === undefined) return null;
  // The library would hand a badly escaped value on as it came; a value this site did not write is no value.
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The name a Set-Cookie value sets. */
export function setCookieName(setCookie: string): string {
  return parseSetCookie(setCookie).name;
}

/**
 * The Cookie header a browser sends after a reply's `setCookies`: `cookieHeader`'s cookies, with each one a Set-Cookie
 * gives a value set to it and each one it clears (an empty value) left out. Values pass as they came.
 */
export function cookieHeaderAfter(cookieHeader: string | null, setCookies: readonly string[]): string {
  const jar = new Map(Object.entries(parseCookie(cookieHeader ?? "", { decode: asItCame })));
  for (const setCookie of setCookies) {
    const { name, value } = parseSetCookie(setCookie, { decode: asItCame });
    if (!name) continue;
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Reads a cookie under the name it has on this site (`cookieName`); the other spelling is ignored. */
export function readSiteCookie(url: URL, cookieHeader: string | null, name: string): string | null {
  return readCookie(cookieHeader, cookieName(url, name));
}

/**
 * HttpOnly, SameSite=Lax, Path=/, no Domain; Secure and `__Host-` prefixed except on plain-http localhost. Only the
 * session marker is written readable by scripts (`readable`). The name and the percent-encoded value are the
 * library's (it refuses a name or value RFC 6265 does not allow); the attributes follow in this order, which the
 * tests and the contract pin (the library's own order differs).
 */
export function serializeCookie(
  url: URL,
  name: string,
  value: string,
  maxAgeSeconds: number,
  { readable = false }: { readable?: boolean } = {},
): string {
  return [
    stringifySetCookie(cookieName(url, name), value),
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

/** The marker alone (the worker repairs a missing or wrong one; see worker/session-marker.ts). */
export function sessionMarkerCookie(url: URL, sessionKey: string): string {
  return serializeCookie(url, SESSION_COOKIE, sessionKey, TOKEN_MAX_AGE_SECONDS, { readable: true });
}

/** The Set-Cookie values that end a session: the token and the marker, both expired. */
export function clearedSessionCookies(url: URL): string[] {
  return [serializeCookie(url, TOKEN_COOKIE, "", 0), serializeCookie(url, SESSION_COOKIE, "", 0, { readable: true })];
}
