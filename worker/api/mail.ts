// Outgoing mail is queued in D1 (mail_outbox) for the delivery service; nothing is sent from a request.
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
