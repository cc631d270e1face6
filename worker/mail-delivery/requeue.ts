// The cron's share of delivery (worker/scheduled.ts): outbox rows that should be on the queue and are not are handed
// to it again, a bounded number a run, oldest first:
//  - 'written' for more than a minute: the queue send after the batch failed (or the request ended before it);
//  - 'queued' for more than QUEUED_STALE_MS since it was handed on (or since its retry was due): the message was lost
//    (locally, a restart drops the queue's messages, which Miniflare keeps in memory);
//  - 'sending' with a claim older than STALE_CLAIM_MS: the consumer died mid-send. Sent again: delivery is at least
//    once.
// A message sent twice is harmless: the consumer's claim sends a mail once.
import type { ApiDatabase } from "../api/types";
import { handOffMail } from "./handoff";
import { STALE_CLAIM_MS } from "./outbox";
import type { OutboxMessage } from "./queue-message";

export const REQUEUE_PER_RUN = 100;
/** How long a written row is left to the request that wrote it. */
export const WRITTEN_GRACE_MS = 60_000;
/** How long a queued row may wait (retries with backoff included) before its message is taken to be lost. */
export const QUEUED_STALE_MS = 30 * 60_000;

export async function requeueMail(
  env: { DB: ApiDatabase; MAIL_QUEUE: Queue<OutboxMessage> },
  now: Date,
): Promise<{ found: number; requeued: number }> {
  const at = now.getTime();
  const { results } = await env.DB.prepare(
    `SELECT id FROM mail_outbox
     WHERE (status = 'written' AND created_at <= ?1)
        OR (status = 'queued' AND queued_at <= ?2)
        OR (status = 'sending' AND claimed_at <= ?3 AND (queued_at IS NULL OR queued_at <= ?3))
     ORDER BY id LIMIT ?4`,
  )
    .bind(at - WRITTEN_GRACE_MS, at - QUEUED_STALE_MS, at - STALE_CLAIM_MS, REQUEUE_PER_RUN)
    .all<{ id: number }>();
  const ids = results.map((row) => row.id);
  const { queued } = await handOffMail(env.DB, env.MAIL_QUEUE, ids, at);
  return { found: ids.length, requeued: queued };
}
