// Outgoing mail is written to D1 (mail_outbox, status 'written') for the delivery (worker/mail-delivery/), which hands
// it to the mail queue after the write; nothing is sent from a request.
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

const SITE = "覺林書房";

/** The mail with a recovery code. */
export function recoveryCodeMail(to: string, code: string, validMinutes: number): Mail {
  return {
    to,
    subject: `${SITE} 密碼重設驗證碼`,
    body: `您的驗證碼是 ${code}，${validMinutes} 分鐘內有效。若您沒有申請重設密碼，請忽略這封信。`,
    secret: true,
  };
}

/**
 * The mail that tells the owner recovery is paused: why, until when (`until` as the reader reads it), that the
 * password and signed-in devices still work, and what to do when it was not them.
 */
export function recoveryPausedMail(to: string, reason: string, until: string): Mail {
  return {
    to,
    subject: `${SITE} 密碼重設已暫停`,
    body: [
      "您好：",
      `您的帳號今天申請重設密碼的次數已達上限（${reason}）。為保護您的帳號，${until} 前不會再寄出新的驗證碼。`,
      "這段期間您仍可用原本的密碼登入，已登入的裝置也不受影響。",
      "如果這些申請不是您提出的，您的密碼並沒有改變，不需要做任何事；若擔心帳號安全，可在登入後到「帳號安全」變更密碼，並登出其他裝置。",
      SITE,
    ].join("\n\n"),
  };
}
