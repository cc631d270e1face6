// Handing row ids to a queue after the D1 batch that wrote the rows has committed (the outbox pattern of mail and of
// invoices): each part is sent in one sendBatch, then its rows record when (markQueued). A send that fails leaves the
// rows as they were, for the cron to hand on; nothing here throws.
import { failureFields, log } from "~/lib/log.server";

/** The most messages one sendBatch takes. */
const QUEUE_BATCH_LIMIT = 100;

export interface IdHandOff<Body> {
  /** The log line's `where`. */
  where: string;
  queue: Queue<Body> | undefined;
  /** The message of one id. */
  message: (id: number) => Body;
  /** Records that the rows are on the queue. */
  markQueued: (ids: readonly number[]) => Promise<unknown>;
}

/** Sends `ids` to the queue and marks them queued; without a queue (unit tests), the cron will. */
export async function sendIds<Body>(handOff: IdHandOff<Body>, ids: readonly number[]): Promise<{ queued: number }> {
  const { queue, where } = handOff;
  if (!queue || ids.length === 0) return { queued: 0 };
  let queued = 0;
  for (let start = 0; start < ids.length; start += QUEUE_BATCH_LIMIT) {
    const part = ids.slice(start, start + QUEUE_BATCH_LIMIT);
    try {
      await queue.sendBatch(part.map((id) => ({ body: handOff.message(id) })));
    } catch (error) {
      log.warn(where, { event: "queue send failed", ids: part, ...failureFields(error) });
      continue;
    }
    try {
      await handOff.markQueued(part);
    } catch (error) {
      // Sent all the same: at worst the cron sends the ids again, and the consumer's claim acts on each row once.
      log.warn(where, { event: "queued_at not recorded", ids: part, ...failureFields(error) });
    }
    queued += part.length;
  }
  return { queued };
}
