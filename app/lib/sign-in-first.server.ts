// A page that only a signed-in member may see, outside the member layout (/order-complete): the guest is sent to
// /login with the page kept as the return address, as the member layout does for its pages.
import { redirect } from "react-router";
import { clearCookie, returnUrlCookie, TOKEN_COOKIE } from "./cookies.server";

/** The redirect to /login that comes back to this page; `clearToken` forgets an ended session's token too. */
export function signInFirst(request: Request, { clearToken = false }: { clearToken?: boolean } = {}): Response {
  const url = new URL(request.url);
  // A client navigation asks for `<path>.data` (with `_routes` on a revalidation); the reader comes back to the page.
  url.searchParams.delete("_routes");
  const path = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const headers = new Headers({ "Set-Cookie": returnUrlCookie(request, path) });
  if (clearToken) headers.append("Set-Cookie", clearCookie(request, TOKEN_COOKIE));
  return redirect("/login", { headers });
}
