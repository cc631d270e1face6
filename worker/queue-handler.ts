// The worker's one `queue` handler (worker/index.ts): batches dispatched by queue name, as wrangler.toml's
// [[queues.consumers]] name them: mail (worker/mail-delivery/) and invoices (worker/einvoice/), each with its
// dead-letter queue. It never throws (see worker/mail-delivery/deliver.ts).
import { log } from "~/lib/log.server";
import type { ApiDatabase } from "./api/types";
import { ConfigError, type WorkerConfig } from "./config";
import { consumeInvoices, deadLetterInvoices } from "./einvoice/queue-consumer";
import { EINVOICE_DEAD_LETTER_QUEUE, EINVOICE_QUEUE } from "./einvoice/queue-message";
import { deadLetterMail } from "./mail-delivery/dead-letter";
import { type DeliveryEnv, deliverMail } from "./mail-delivery/deliver";
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE } from "./mail-delivery/queue-message";

/** While the configuration is invalid, messages wait this long and are tried again. */
const CONFIG_ERROR_DELAY_SECONDS = 300;

type Consumer = (
  batch: MessageBatch<unknown>,
  env: DeliveryEnv & { DB: ApiDatabase },
  config: WorkerConfig,
) => Promise<void>;

const CONSUMERS: Record<string, Consumer> = {
  [MAIL_QUEUE]: deliverMail,
  [EINVOICE_QUEUE]: consumeInvoices,
  // While the configuration is invalid its batch waits, and a dead-letter queue's (no retries) is lost: the row
  // stays as it was and the cron offers it again.
  [EINVOICE_DEAD_LETTER_QUEUE]: deadLetterInvoices,
};

export async function handleQueue(
  batch: MessageBatch<unknown>,
  env: DeliveryEnv,
  config: WorkerConfig | ConfigError,
): Promise<void> {
  // Marking mail failed needs no configuration, so a dead letter is never lost to a bad one.
  if (batch.queue === MAIL_DEAD_LETTER_QUEUE) return deadLetterMail(batch, env);
  const consume = CONSUMERS[batch.queue];
  if (!consume) {
    log.error("queue", { message: `no consumer for queue ${batch.queue}` });
    return;
  }
  if (config instanceof ConfigError) {
    batch.retryAll({ delaySeconds: CONFIG_ERROR_DELAY_SECONDS });
    return;
  }
  return consume(batch, env, config);
}
