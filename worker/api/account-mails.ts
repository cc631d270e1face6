// The mails of a member's account, as the API writes them to the outbox (worker/mail/ builds them): 歡迎加入 to a new
// member, and recovery's code and pause notice.
import type { MailSite } from "../mail/message";
import { recoveryCodeMail as codeMail, recoveryPausedMail as pausedMail } from "../mail/recovery";
import { welcomeMail } from "../mail/welcome";
import { type Mail, mailWithLinks } from "./mail";
import type { Writes } from "./writes";

/** The 歡迎加入 mail to a new member (worker/mail/welcome.ts). */
export const welcomeMailFor = (writes: Writes, member: { email: string; name: string }) =>
  mailWithLinks(writes.site, "welcome", (site) => welcomeMail(site, { to: member.email, name: member.name }));

/** The mail with a recovery code (worker/mail/recovery.ts). */
export function recoveryCodeMail(site: MailSite, to: string, code: string, validMinutes: number): Mail {
  return { ...codeMail(site, { to, code, validMinutes }), secret: true };
}

/** The mail that tells the owner recovery is paused (worker/mail/recovery.ts), `until` as the reader reads it. */
export function recoveryPausedMail(site: MailSite, to: string, reason: string, until: string): Mail {
  return pausedMail(site, { to, reason, until });
}
