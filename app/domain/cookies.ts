// The two cookies of SPEC §3 (names fixed) and how they are written. Used by the worker's proxy and the app.
export const TOKEN_COOKIE = "bookstore_token";
export const RETURN_URL_COOKIE = "bookstore_return_url";

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

/** HttpOnly, SameSite=Lax, Secure except on plain-http localhost. */
export function serializeCookie(url: URL, name: string, value: string, maxAgeSeconds: number): string {
  const plainLocal = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(plainLocal ? [] : ["Secure"]),
  ].join("; ");
}

/**
 * A return address is only ever a path on this site (never `//evil.example` or `https://…`), so a crafted link
 * cannot send a member elsewhere after signing in.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
