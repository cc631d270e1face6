// The delivery's statements on mail_outbox (migration 0020): each step of a mail is one guarded UPDATE, so a message
// handed on twice, or a consumer running beside another, moves a row once.
//   written → queued (handed to the queue) → sending (claimed) → sent, or back to queued (retry), or failed.
import type { ApiDatabase } from "../api/types";

/** A claim older than this is taken to have died with its consumer: the cron re-queues the row and a consumer may claim it again. */
export const STALE_CLAIM_MS = 5 * 60_000;

/** What replaces a secret mail's text once it is sent or given up: the row keeps its metadata, never the code. */
export const SCRUBBED_BODY = "（此信含驗證碼等機密內容，寄出後已自寄件紀錄移除）";

/** The mail a consumer claimed, to send now. */
export interface ClaimedMail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  /** The tries so far, this one included. */
  attempts: number;
}

/**
 * Claims the row to send it: only a row waiting to be sent (written or queued), or one whose claim went stale. Null
 * when it is sent, failed, or being sent by another consumer right now: a duplicate message sends nothing.
 */
export function claimMail(db: ApiDatabase, id: number, now: number): Promise<ClaimedMail | null> {
  return db
    .prepare(
      `UPDATE mail_outbox SET status = 'sending', claimed_at = ?2, attempts = attempts + 1
       WHERE id = ?1 AND (status IN ('written', 'queued') OR (status = 'sending' AND claimed_at <= ?3))
       RETURNING id, recipient, subject, body, html, attempts`,
    )
    .bind(id, now, now - STALE_CLAIM_MS)
    .first<ClaimedMail>();
}

/** The assignments that replace a secret row's text with the placeholder bound at `param` (`?4`). */
const scrub = (param: string) =>
  `body = CASE WHEN secret = 1 THEN ${param} ELSE body END, html = CASE WHEN secret = 1 THEN NULL ELSE html END`;

/** The binding took the mail: its message id is kept, and a secret mail's text is replaced. */
export async function recordSent(db: ApiDatabase, id: number, providerMessageId: string, now: number) {
  await db
    .prepare(
      `UPDATE mail_outbox SET status = 'sent', sent_at = ?2, provider_message_id = ?3, claimed_at = NULL,
       failure_reason = NULL, ${scrub("?4")} WHERE id = ?1`,
    )
    .bind(id, now, providerMessageId, SCRUBBED_BODY)
    .run();
}

/**
 * A try failed and will be retried: the row waits in the queue again, with the reason. Its queued_at becomes when the
 * retry is due back on the queue, so the cron (requeue.ts) counts a lost message from then, never cutting a long
 * backoff short.
 */
export async function recordRetry(db: ApiDatabase, id: number, reason: string, dueAt: number) {
  await db
    .prepare(
      `UPDATE mail_outbox SET status = 'queued', claimed_at = NULL, failure_reason = ?2, queued_at = ?3
       WHERE id = ?1 AND status = 'sending'`,
    )
    .bind(id, reason, dueAt)
    .run();
}

/**
 * The mail is given up (a permanent refusal, or its retries spent): failed with `reason`, a secret mail's text
 * replaced. A sent row stays sent. The tries it had, or null when the row was not waiting (or does not exist).
 */
export async function recordFailed(db: ApiDatabase, id: number, reason: string): Promise<{ attempts: number } | null> {
  return db
    .prepare(
      `UPDATE mail_outbox SET status = 'failed', claimed_at = NULL, failure_reason = ?2, ${scrub("?3")}
       WHERE id = ?1 AND status IN ('written', 'queued', 'sending') RETURNING attempts`,
    )
    .bind(id, reason, SCRUBBED_BODY)
    .first<{ attempts: number }>();
}

/** The last reason a row's tries failed for, if any. */
export async function lastFailure(db: ApiDatabase, id: number): Promise<string | null> {
  const row = await db
    .prepare("SELECT failure_reason FROM mail_outbox WHERE id = ?1")
    .bind(id)
    .first<{ failure_reason: string | null }>();
  return row?.failure_reason ?? null;
}

/** The rows were handed to the queue: a written row is queued now; every one records when. */
export async function markQueued(db: ApiDatabase, ids: readonly number[], now: number) {
  if (ids.length === 0) return;
  await db
    .prepare(
      `UPDATE mail_outbox SET queued_at = ?2, status = CASE WHEN status = 'written' THEN 'queued' ELSE status END
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids), now)
    .run();
}
