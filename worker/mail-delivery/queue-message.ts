// What the mail queue carries: the id of one mail_outbox row, never the mail itself (no address, no code), so a
// message logged or dead-lettered leaks nothing. The queue names are wrangler.toml's ([[queues.consumers]]).
import { z } from "zod";

/** The mail queue, and its dead-letter queue (consumed by this worker too, which marks the row failed). */
export const MAIL_QUEUE = "bookstore-mail";
export const MAIL_DEAD_LETTER_QUEUE = "bookstore-mail-dlq";

export interface OutboxMessage {
  outboxId: number;
}

const outboxMessage = z.object({ outboxId: z.number().int().positive() });

/** The outbox id a queue message carries; null for a body that is not an outbox message. */
export function outboxIdOf(body: unknown): number | null {
  const parsed = outboxMessage.safeParse(body);
  return parsed.success ? parsed.data.outboxId : null;
}
