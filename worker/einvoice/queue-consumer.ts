// The invoice queue's consumer and its dead-letter queue's (the worker's queue handler dispatches here). Each message's
// invoice is issued or voided (invoice-messages.ts) and the message acked, or retried after a doubling delay from
// EINVOICE_RETRY_BASE_SECONDS whose due time the row records, so the cron never cuts it short. On its last delivery
// a retry is given up (invoice-messages.ts: failed, with the last code, unless ezPay may hold it: then it is looked
// up, or stays 開立中 for the cron). The dead-letter queue gives up what reaches it, not knowing its last try's outcome
// (one once asked without an answer is not looked up there: it stays 開立中 for the cron). Never a throw: the local
// broker would retry the whole batch.
import { failureFields, log } from "~/lib/log.server";
import type { ApiDatabase } from "../api/types";
import type { WorkerConfig } from "../config";
import { handOffMail } from "../mail-delivery/handoff";
import type { OutboxMessage } from "../mail-delivery/queue-message";
import { retryDelaySeconds } from "../queues/backoff";
import { giveUpInvoice, processInvoiceMessage } from "./invoice-messages";
import { RETRY } from "./invoice-outcome";
import { markInvoicesQueued } from "./invoice-rows";
import { invoiceIdOf } from "./queue-message";

/** wrangler.toml's max_retries of the invoice queue: a message is delivered at most this many times and once more. */
export const EINVOICE_MAX_RETRIES = 5;

const WHERE = "einvoice";

export async function consumeInvoices(
  batch: MessageBatch<unknown>,
  env: { DB: ApiDatabase; MAIL_QUEUE?: Queue<OutboxMessage> },
  config: WorkerConfig,
) {
  for (const message of batch.messages) {
    const id = invoiceIdOf(message.body);
    if (id === null) {
      log.error(WHERE, { event: "not an invoice message", queue_message_id: message.id });
      message.ack();
      continue;
    }
    const delaySeconds = retryDelaySeconds(config.einvoiceRetryBaseSeconds, message.attempts);
    try {
      const lastTry = message.attempts > EINVOICE_MAX_RETRIES;
      const outcome = await processInvoiceMessage(env, config, id, new Date(), { lastTry });
      // 電子發票開立通知, written with the issued invoice: to the mail queue (a failed send is the cron's to redo).
      if (outcome.kind === "done" && outcome.mail) await handOffMail(env.DB, env.MAIL_QUEUE, outcome.mail);
      // Without ezPay's credentials the invoice waits as 待開立: the cron offers it again, no retry is spent.
      if (outcome.kind !== "retry" || outcome.code === RETRY.notConfigured) {
        message.ack();
        continue;
      }
      await markInvoicesQueued(env.DB, [id], Date.now() + delaySeconds * 1000);
      message.retry({ delaySeconds });
    } catch (error) {
      // D1 unreachable, or the like: this message is tried again later.
      log.error(WHERE, { event: "retry", invoice_id: id, ...failureFields(error) });
      message.retry({ delaySeconds });
    }
  }
}

/**
 * The dead-letter queue: each invoice spent its retries and is given up (unless ezPay is not configured yet); one its
 * look-up found issued hands its 電子發票開立通知 to the mail queue (a failed send is the cron's to redo).
 */
export async function deadLetterInvoices(
  batch: MessageBatch<unknown>,
  env: { DB: ApiDatabase; MAIL_QUEUE?: Queue<OutboxMessage> },
  config: WorkerConfig,
) {
  for (const message of batch.messages) {
    const id = invoiceIdOf(message.body);
    if (id === null) log.error(WHERE, { event: "dead letter", queue_message_id: message.id });
    else {
      const outcome = await giveUpInvoice(env, config, id);
      if (outcome.kind === "done" && outcome.mail) await handOffMail(env.DB, env.MAIL_QUEUE, outcome.mail);
    }
    message.ack();
  }
}
