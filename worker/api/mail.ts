// Outgoing mail is written to D1 (mail_outbox, status 'written') for the delivery (worker/mail-delivery/), which hands
// it to the mail queue after the write; nothing is sent from a request.
import type { MailMessage } from "../mail/message";
import { recoveryCodeMail as codeMail, recoveryPausedMail as pausedMail } from "../mail/recovery";
import type { ApiDatabase } from "./types";

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, if the mail has one. */
  html?: string;
  /** The content must not stay readable once delivered (a recovery code): the delivery replaces it then. */
  secret?: boolean;
}

const INSERT = "INSERT INTO mail_outbox (recipient, subject, body, html, secret, created_at)";

/** Writes `mail` to the outbox; its outbox id. */
export async function queueMail(db: ApiDatabase, mail: Mail, now = Date.now()): Promise<number> {
  const row = await db
    .prepare(`${INSERT} VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`)
    .bind(mail.to, mail.subject, mail.body, mail.html ?? null, mail.secret ? 1 : 0, now)
    .first<{ id: number }>();
  if (!row) throw new Error("mail_outbox: the insert returned no id");
  return row.id;
}

/**
 * Queues `mail` in a D1 batch only when the statement before it changed a row (SQLite's changes()), so the mail and
 * the change it tells of are written together or not at all. Its result's rows hold the outbox id (`outboxIdsOf`).
 */
export function queueMailAfterChange(db: ApiDatabase, mail: Mail, now = Date.now()) {
  return db
    .prepare(`${INSERT} SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE changes() > 0 RETURNING id`)
    .bind(mail.to, mail.subject, mail.body, mail.html ?? null, mail.secret ? 1 : 0, now);
}

/** The outbox ids a batch's `queueMailAfterChange` statement wrote (none when the change did not happen). */
export function outboxIdsOf(result: D1Result | undefined): number[] {
  return ((result?.results ?? []) as { id?: unknown }[]).map((row) => Number(row.id)).filter(Number.isInteger);
}

// The store's name as these two mails have always been signed; the delivery will build mails with config.siteTitle.
const SITE = { siteTitle: "覺林書房" };

/** A mail as the outbox row holds it today: its text part is the body. */
const outboxMail = ({ to, subject, text, html }: MailMessage): Mail => ({ to, subject, body: text, html });

/** The mail with a recovery code (worker/mail/recovery.ts). */
export function recoveryCodeMail(to: string, code: string, validMinutes: number): Mail {
  return { ...outboxMail(codeMail(SITE, { to, code, validMinutes })), secret: true };
}

/** The mail that tells the owner recovery is paused (worker/mail/recovery.ts), `until` as the reader reads it. */
export function recoveryPausedMail(to: string, reason: string, until: string): Mail {
  return outboxMail(pausedMail(SITE, { to, reason, until }));
}
