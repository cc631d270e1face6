// The two cookies of SPEC §3 (names fixed) and how they are written. Used by the worker's proxy and the app.
export const TOKEN_COOKIE = "bookstore_token";
export const RETURN_URL_COOKIE = "bookstore_return_url";
/**
 * The session marker: the session key (app/features/session/session-key.ts), never the token. The one cookie scripts may
 * read, so the browser knows whose data it holds even on a page that a shared cache served. Always set and cleared
 * together with the token cookie (`sessionCookies`, `clearedSessionCookies`).
 */
export const SESSION_COOKIE = "bookstore_session";

/** Token cookie lifetime (SPEC §9): one day. */
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

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

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Cookies are Secure everywhere except on plain-http localhost (local development and tests). */
function secureOn(url: URL): boolean {
  return !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
}

/**
 * The name a cookie has on this site: with the `__Host-` prefix wherever cookies are Secure (https), so the
 * browser keeps it bound to this host (Secure, Path=/, no Domain) and no sibling subdomain or plain-http page can
 * set or shadow it; the plain name on http://localhost.
 */
export function cookieName(url: URL, name: string): string {
  return secureOn(url) ? `__Host-${name}` : name;
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

// C0 and C1 control characters, DEL, and the backslash: browsers drop tabs and newlines from URLs and read a
// backslash as a slash, so `/\t/evil.example` or `/\\evil.example` would lead off the site.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are exactly what is refused
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;
// Their percent-encoded forms (%09, %5C, %7F, and %C2%80–%C2%9F, the UTF-8 of U+0080–U+009F), in any case, also
// encoded again (%2509, %25255C), in case something on the way decodes once more.
const UNSAFE_ENCODED = /%(?:25)*(?:[01][0-9a-f]|7f|5c|c2%(?:25)*[89][0-9a-f])/i;

/**
 * A return address is only ever a path on this site (never `//evil.example` or `https://…`), so a crafted link
 * cannot send a member elsewhere after signing in. Anything unusual (control characters, backslashes, or their
 * encoded forms) is refused rather than cleaned.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTER.test(value) || UNSAFE_ENCODED.test(value)) return fallback;
  return value;
}
