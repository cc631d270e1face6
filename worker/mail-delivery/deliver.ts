// The mail queue's consumer, one message at a time: claim the outbox row, send it through the send_email binding,
// record the outcome, and ack or retry that message itself. It never throws: when a queue handler throws, the local
// broker retries the whole batch, messages already acked included (the platform would not), so a throw would send
// mails again.
//
// Delivery is at least once: a consumer that dies between the binding's send and recording it leaves the row
// 'sending'; after STALE_CLAIM_MS the cron re-queues it and it is sent again. A duplicate message otherwise sends
// nothing: the claim lets one consumer have the row.
import { failureFields, log } from "~/lib/log.server";
import type { ApiDatabase } from "../api/types";
import type { WorkerConfig } from "../config";
import { retryDelaySeconds } from "../queues/backoff";
import { bindingMessage, type Sender, senderOf } from "./binding-message";
import { claimMail, recordFailed, recordRetry, recordSent } from "./outbox";
import { outboxIdOf } from "./queue-message";
import { failureReason, isPermanent } from "./send-failure";

export interface DeliveryEnv {
  DB: ApiDatabase;
  EMAIL: SendEmail;
}

const WHERE = "mail-delivery";

/** Sends the mail of one message; acks it, or retries it with backoff. */
async function deliverOne(message: Message<unknown>, env: DeliveryEnv, config: WorkerConfig, sender: Sender | null) {
  const id = outboxIdOf(message.body);
  if (id === null) {
    log.error(WHERE, { event: "not an outbox message", queue_message_id: message.id });
    message.ack();
    return;
  }
  if (!sender) {
    if (await recordFailed(env.DB, id, "MAIL_FROM is not set")) {
      log.error(WHERE, { event: "failed", outbox_id: id, reason: "MAIL_FROM is not set" });
    }
    message.ack();
    return;
  }
  const mail = await claimMail(env.DB, id, Date.now());
  // Sent, failed, or being sent by another consumer: nothing to do (a stale claim is the cron's).
  if (!mail) {
    message.ack();
    return;
  }
  let sent: EmailSendResult;
  try {
    sent = await env.EMAIL.send(bindingMessage(mail, sender));
  } catch (error) {
    const reason = failureReason(error);
    if (isPermanent(error)) {
      await recordFailed(env.DB, id, reason);
      log.error(WHERE, { event: "failed", outbox_id: id, attempts: mail.attempts, reason });
      message.ack();
      return;
    }
    const delaySeconds = retryDelaySeconds(config.mailRetryBaseSeconds, mail.attempts);
    await recordRetry(env.DB, id, reason, Date.now() + delaySeconds * 1000);
    log.warn(WHERE, { event: "retry", outbox_id: id, attempts: mail.attempts, delay_seconds: delaySeconds, reason });
    message.retry({ delaySeconds });
    return;
  }
  await recordSent(env.DB, id, sent.messageId, Date.now());
  log.info(WHERE, { event: "sent", outbox_id: id, attempts: mail.attempts });
  message.ack();
}

/** The mail queue's batch: each message delivered, acked or retried on its own; never a throw. */
export async function deliverMail(batch: MessageBatch<unknown>, env: DeliveryEnv, config: WorkerConfig) {
  const sender = senderOf(config);
  for (const message of batch.messages) {
    try {
      await deliverOne(message, env, config, sender);
    } catch (error) {
      // D1 unreachable, or the like: this message is tried again later.
      log.error(WHERE, { event: "retry", queue_message_id: message.id, ...failureFields(error) });
      message.retry({ delaySeconds: retryDelaySeconds(config.mailRetryBaseSeconds, message.attempts) });
    }
  }
}
