// The development mailbox (/_dev/mail, behind DEV_MAILBOX=on) as the e2e specs read it, through a request context
// apart from the page (the address goes in the query of a test-only endpoint, never in a page's URL).
import { type APIRequestContext, expect } from "../../support/test";

/** The latest recovery code mailed to `email`, waiting for the mail to arrive. */
export async function mailedRecoveryCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = await (await request.get("/_dev/mail", { params: { to: email } })).json();
      code = /驗證碼是 (\d{10})/.exec(mail[0]?.body ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{10}$/);
  return code as string;
}
