// Where a reader goes once signed in (login, register, recovery): the stored return address, else their profile.

import { redirect } from "react-router";
import { clearCookie, RETURN_URL_COOKIE, readCookie } from "~/http/cookies.server";
import { safeReturnPath } from "~/http/return-path";

/** The redirect after signing in; `cookies` carries the proxy's token cookie, and the return address is spent. */
export function redirectAfterSignIn(request: Request, cookies: Headers): Response {
  cookies.append("Set-Cookie", clearCookie(request, RETURN_URL_COOKIE));
  return redirect(safeReturnPath(readCookie(request, RETURN_URL_COOKIE), "/member/profile"), { headers: cookies });
}
