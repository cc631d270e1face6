// Outgoing mail is queued in D1 (mail_outbox) for the delivery service; nothing is sent from a request.
import type { MailMessage } from "../mail/message";
import { recoveryCodeMail as codeMail, recoveryPausedMail as pausedMail } from "../mail/recovery";
import type { ApiDatabase } from "./types";

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export async function queueMail(db: ApiDatabase, mail: Mail, now = Date.now()) {
  await db
    .prepare("INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?1, ?2, ?3, ?4)")
    .bind(mail.to, mail.subject, mail.body, now)
    .run();
}

/**
 * Queues `mail` in a D1 batch only when the statement before it changed a row (SQLite's changes()), so the mail and
 * the change it tells of are written together or not at all.
 */
export function queueMailAfterChange(db: ApiDatabase, mail: Mail, now = Date.now()) {
  return db
    .prepare("INSERT INTO mail_outbox (recipient, subject, body, created_at) SELECT ?1, ?2, ?3, ?4 WHERE changes() > 0")
    .bind(mail.to, mail.subject, mail.body, now);
}

// The store's name as these two mails have always been signed; the delivery will build mails with config.siteTitle.
const SITE = { siteTitle: "覺林書房" };

/** A mail as the outbox row holds it today: its text part is the body. */
const outboxMail = ({ to, subject, text }: MailMessage): Mail => ({ to, subject, body: text });

/** The mail with a recovery code (worker/mail/recovery.ts). */
export function recoveryCodeMail(to: string, code: string, validMinutes: number): Mail {
  return outboxMail(codeMail(SITE, { to, code, validMinutes }));
}

/** The mail that tells the owner recovery is paused (worker/mail/recovery.ts), `until` as the reader reads it. */
export function recoveryPausedMail(to: string, reason: string, until: string): Mail {
  return outboxMail(pausedMail(SITE, { to, reason, until }));
}

/** The latest mail to one address (for the local development mailbox only). */
export async function latestMailTo(db: ApiDatabase, to: string, limit = 20) {
  const { results } = await db
    .prepare(
      "SELECT id, recipient, subject, body, created_at FROM mail_outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT ?2",
    )
    .bind(to, limit)
    .all<{ id: number; recipient: string; subject: string; body: string; created_at: number }>();
  return results.map((m) => ({ ...m, created_at: new Date(m.created_at).toISOString() }));
}
