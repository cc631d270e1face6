// The browser's one read of a cookie: the session marker in `document.cookie` (session-watch.ts). Not through the
// `cookie` package that the server reads and writes with (app/http/cookies.ts): once a browser module imports it,
// the bundler puts all of it in the shell chunk every route loads first (React Router imports it as well), about
// 0.9 KiB gzip, more than the tightest routes have left of their budget (.config/js-budget.json). `document.cookie` is
// written by the browser itself, `name=value` pairs joined by "; ", so this split reads it; document-cookie.test.ts
// checks that it reads what the package reads.
import { cookieName } from "~/http/cookie-names";

/** The first cookie `name` in a Cookie string, percent-decoded; null when absent or not decodable. */
export function cookieIn(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
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

/** The cookie `name` of this site in `document.cookie`, under the name it has on this scheme (`cookieName`). */
export function readDocumentCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  return cookieIn(document.cookie, cookieName(new URL(window.location.href), name));
}
