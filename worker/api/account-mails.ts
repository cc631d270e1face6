// The mails of a member's account, as the API writes them to the outbox (worker/mail/ builds them): 歡迎加入 to a new
// member, recovery's code and pause notice, and 密碼已變更.
import { formatDateTime } from "~/lib/format";
import type { MailSite } from "../mail/message";
import { type PasswordChange, passwordChangedMail } from "../mail/password-changed";
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

/** The 密碼已變更 notice to the account's address `to` (worker/mail/password-changed.ts), for a change made at `now`. */
export const passwordChangedMailFor = (writes: Writes, to: string, how: PasswordChange, now: number) =>
  mailWithLinks(writes.site, "password-changed", (site) =>
    passwordChangedMail(site, { to, how, when: formatDateTime(new Date(now).toISOString()) }),
  );
