// A page that only a signed-in member may see, outside the member layout (/order-complete): the guest is sent to
// /login with the page kept as the return address, as the member layout does for its pages.
import { redirect } from "react-router";
import { clearSessionCookies, returnUrlCookie } from "./cookies.server";

/** The redirect to /login that comes back to this page; `clearToken` forgets an ended session's token (and its marker) too. */
export function signInFirst(request: Request, { clearToken = false }: { clearToken?: boolean } = {}): Response {
  const url = new URL(request.url);
  // A client navigation asks for `<path>.data` (with `_routes` on a revalidation); the reader comes back to the page.
  url.searchParams.delete("_routes");
  const path = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const headers = new Headers({ "Set-Cookie": returnUrlCookie(request, path) });
  if (clearToken) clearSessionCookies(request, headers);
  return redirect("/login", { headers });
}
