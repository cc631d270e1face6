// After the D1 batch that wrote a mail has committed: its outbox id goes to the mail queue, and the row records
// when (queued_at). Run after the reply (waitUntil), so a request never waits for mail. A queue send that fails
// leaves the row 'written', and the cron hands it on (requeue.ts); nothing here throws.
import { failureFields, log } from "~/lib/log.server";
import type { ApiDatabase } from "../api/types";
import { markQueued } from "./outbox";
import type { OutboxMessage } from "./queue-message";

/** The most messages one sendBatch takes. */
const QUEUE_BATCH_LIMIT = 100;

/** Sends the outbox ids to `queue` and marks their rows queued; without a queue (unit tests), the cron will. */
export async function handOffMail(
  db: ApiDatabase,
  queue: Queue<OutboxMessage> | undefined,
  ids: readonly number[],
  now = Date.now(),
): Promise<{ queued: number }> {
  if (!queue || ids.length === 0) return { queued: 0 };
  let queued = 0;
  for (let start = 0; start < ids.length; start += QUEUE_BATCH_LIMIT) {
    const part = ids.slice(start, start + QUEUE_BATCH_LIMIT);
    try {
      await queue.sendBatch(part.map((outboxId) => ({ body: { outboxId } })));
    } catch (error) {
      log.warn("mail-delivery", { event: "queue send failed", outbox_ids: part, ...failureFields(error) });
      continue;
    }
    try {
      await markQueued(db, part, now);
    } catch (error) {
      // Sent all the same: at worst the cron sends the ids again, and the consumer's claim sends each mail once.
      log.warn("mail-delivery", { event: "queued_at not recorded", outbox_ids: part, ...failureFields(error) });
    }
    queued += part.length;
  }
  return { queued };
}
