// The e-mail between the two steps of /recovery: in a short-lived HttpOnly cookie, never in the page's address (which
// browser history, server logs, Referer headers and analytics keep). Step 1 sets it with the redirect to step 2; step
// 2 reads it to say where the code went and to post it with the code; a reset clears it. HttpOnly, SameSite=Lax,
// Path=/, `__Host-` and Secure over https, as every cookie of the site (app/http/cookies.ts).
import { checkEmail } from "~/features/account/email-address";
import { clearCookie, readCookie, serializeCookieFor } from "../../http/cookies.server";

export const RECOVERY_EMAIL_COOKIE = "bookstore_recovery_email";
/** As long as a mailed code is good (15 minutes, worker/api/auth/recovery-code.ts): after that step 2 is no use. */
export const RECOVERY_EMAIL_MAX_AGE_SECONDS = 15 * 60;

export function recoveryEmailCookie(request: Request, email: string): string {
  return serializeCookieFor(request, RECOVERY_EMAIL_COOKIE, email, RECOVERY_EMAIL_MAX_AGE_SECONDS);
}

/** The e-mail step 1 kept, if it is still there and well-formed. */
export function readRecoveryEmail(request: Request): string | null {
  const email = readCookie(request, RECOVERY_EMAIL_COOKIE)?.trim() ?? "";
  return email && !checkEmail(email) ? email : null;
}

export const clearRecoveryEmailCookie = (request: Request) => clearCookie(request, RECOVERY_EMAIL_COOKIE);
