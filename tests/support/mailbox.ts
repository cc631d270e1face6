// The development mailbox (/_dev/mail, behind DEV_MAILBOX=on) as the suites read it: what the local send_email
// binding was given for an address, newest first. Mail reaches it through the mail queue, about a second after the
// request that wrote it (the consumer's batch timeout), so a read waits for what it expects, and a check that no
// (more) mail came waits for it to have had time to.
import { type APIRequestContext, expect } from "./test";

export interface Mail {
  /** The outbox row's id (X-Outbox-Id). */
  id: number | null;
  subject: string;
  /** The text part. */
  body: string;
  html: string | null;
}

/** Long enough for written mail to pass the queue (batch timeout 1 s) and the binding, with room for a busy machine. */
export const MAIL_ARRIVAL_MS = 3_000;

/** The recovery mails (the code, the pause): what a recovery test counts, leaving out 歡迎加入. */
export const RECOVERY = "密碼重設";

/** The mailbox of `email` as it is now; only the mails whose subject has `about`, when given. */
export async function readMailbox(request: APIRequestContext, email: string, about?: string): Promise<Mail[]> {
  const mails: Mail[] = await (await request.get("/_dev/mail", { params: { to: email } })).json();
  return about === undefined ? mails : mails.filter((mail) => mail.subject.includes(about));
}

/** The mailbox of `email` (or its mails `about`) once it holds at least `count` mails. */
export async function mailboxHolding(
  request: APIRequestContext,
  email: string,
  count: number,
  about?: string,
): Promise<Mail[]> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      mails = await readMailbox(request, email, about);
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The mailbox of `email` (or its mails `about`) after any mail already written has had time to arrive. */
export async function settledMailbox(request: APIRequestContext, email: string, about?: string): Promise<Mail[]> {
  await new Promise((resolve) => setTimeout(resolve, MAIL_ARRIVAL_MS));
  return readMailbox(request, email, about);
}

/** The code of the latest recovery code mail to `email`, waiting for it to arrive. */
export async function mailedRecoveryCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = await readMailbox(request, email);
      code = /驗證碼是 (\d{10})/.exec(mails.find((mail) => mail.subject.includes("驗證碼"))?.body ?? "")?.[1];
      return code;
    })
    .toMatch(/^\d{10}$/);
  return code as string;
}
