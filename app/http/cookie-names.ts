// The site's cookies by name (SPEC §3's two, and the session marker), the token's lifetime, and the name a cookie
// has on each scheme. Browser-safe: the page reads the session marker by these names (app/http/document-cookie.ts).
// Reading Cookie headers and writing Set-Cookie is server-side, in cookies.ts.

export const TOKEN_COOKIE = "bookstore_token";
export const RETURN_URL_COOKIE = "bookstore_return_url";
/** A one-shot notice for /member/favorites after a post without JavaScript (favorites-notice.server.ts). */
export const FAVORITES_NOTICE_COOKIE = "bookstore_favorites_notice";
/** A guest's 收藏 that led to signing in, added once they have (pending-like.server.ts). */
export const PENDING_LIKE_COOKIE = "bookstore_pending_like";
/**
 * The session marker: the session key (app/features/session/session-key.ts), never the token. The one cookie scripts may
 * read, so the browser knows whose data it holds even on a page that a shared cache served. Always set and cleared
 * together with the token cookie (`sessionCookies`, `clearedSessionCookies`).
 */
export const SESSION_COOKIE = "bookstore_session";

/** Token cookie lifetime (SPEC §9): one day. */
export const TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Cookies are Secure everywhere except on plain-http localhost (local development and tests). */
export function secureOn(url: URL): boolean {
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
