// The mail queue's dead-letter queue, consumed by this worker (a dead-letter queue nobody consumes drops its
// messages): each message's mail spent its retries, so its row is marked failed, with the last reason, and one JSON
// line with the outbox id is logged. Never the address or the text.
import { failureFields, log } from "~/lib/log.server";
import type { ApiDatabase } from "../api/types";
import { lastFailure, recordFailed } from "./outbox";
import { outboxIdOf } from "./queue-message";

const WHERE = "mail-delivery";

export async function deadLetterMail(batch: MessageBatch<unknown>, env: { DB: ApiDatabase }) {
  for (const message of batch.messages) {
    const id = outboxIdOf(message.body);
    try {
      if (id !== null) {
        const reason = `retries spent: ${(await lastFailure(env.DB, id)) ?? "unknown"}`;
        const failed = await recordFailed(env.DB, id, reason);
        // A row already sent or failed (a duplicate message) is left as it is, and not logged again.
        if (failed) log.error(WHERE, { event: "dead letter", outbox_id: id, attempts: failed.attempts, reason });
      } else {
        log.error(WHERE, { event: "dead letter", queue_message_id: message.id });
      }
    } catch (error) {
      // The dead-letter queue has no retries: the row stays as it was, for the cron to re-queue.
      log.error(WHERE, { event: "dead letter", outbox_id: id, ...failureFields(error) });
    }
    message.ack();
  }
}
