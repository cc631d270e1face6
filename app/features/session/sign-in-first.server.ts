// "A guest goes to /login and comes back": the one way a page that only a signed-in member may see (the member
// layout, /order-complete, a checkout step) sends a reader to sign in, with the page kept as the return address.
import { redirect } from "react-router";
import { clearSessionCookies, readCookie, returnUrlCookie, TOKEN_COOKIE } from "../../http/cookies.server";

/** The page the reader asked for, as the return address: a client navigation's `<path>.data` is the page itself. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  // A client navigation asks for `<path>.data` (with `_routes` on a revalidation); the reader comes back to the page.
  url.searchParams.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/**
 * The redirect to /login that comes back to this page (or to `returnTo`); `clearToken` forgets an ended session's
 * token (and its marker) too.
 */
export function signInFirst(
  request: Request,
  { clearToken = false, returnTo }: { clearToken?: boolean; returnTo?: string } = {},
): Response {
  const headers = new Headers({ "Set-Cookie": returnUrlCookie(request, returnTo ?? pageOf(request)) });
  if (clearToken) clearSessionCookies(request, headers);
  return redirect("/login", { headers });
}

/** Throws the way to /login (see signInFirst) when the request carries no member token. */
export function requireMember(request: Request, options: { returnTo?: string } = {}): void {
  if (readCookie(request, TOKEN_COOKIE) === null) throw signInFirst(request, options);
}
