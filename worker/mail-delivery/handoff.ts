// After the D1 batch that wrote a mail has committed: its outbox id goes to the mail queue, and the row records
// when (queued_at). Run after the reply (waitUntil), so a request never waits for mail. A queue send that fails
// leaves the row 'written', and the cron hands it on (requeue.ts); nothing here throws.
import type { ApiDatabase } from "../api/types";
import { sendIds } from "../queues/send-ids";
import { markQueued } from "./outbox";
import type { OutboxMessage } from "./queue-message";

/** Sends the outbox ids to `queue` and marks their rows queued; without a queue (unit tests), the cron will. */
export function handOffMail(
  db: ApiDatabase,
  queue: Queue<OutboxMessage> | undefined,
  ids: readonly number[],
  now = Date.now(),
): Promise<{ queued: number }> {
  return sendIds(
    {
      where: "mail-delivery",
      queue,
      message: (outboxId) => ({ outboxId }),
      markQueued: (part) => markQueued(db, part, now),
    },
    ids,
  );
}
