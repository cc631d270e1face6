// The worker's one `queue` handler (worker/index.ts): batches dispatched by queue name, as wrangler.toml's
// [[queues.consumers]] name them. It never throws (see deliver.ts).
import { log } from "~/lib/log.server";
import { ConfigError, type WorkerConfig } from "../config";
import { deadLetterMail } from "./dead-letter";
import { type DeliveryEnv, deliverMail } from "./deliver";
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE } from "./queue-message";

/** While the configuration is invalid, messages wait this long and are tried again. */
const CONFIG_ERROR_DELAY_SECONDS = 300;

export async function handleQueue(
  batch: MessageBatch<unknown>,
  env: DeliveryEnv,
  config: WorkerConfig | ConfigError,
): Promise<void> {
  if (batch.queue === MAIL_DEAD_LETTER_QUEUE) return deadLetterMail(batch, env);
  if (batch.queue !== MAIL_QUEUE) {
    log.error("queue", { message: `no consumer for queue ${batch.queue}` });
    return;
  }
  if (config instanceof ConfigError) {
    batch.retryAll({ delaySeconds: CONFIG_ERROR_DELAY_SECONDS });
    return;
  }
  return deliverMail(batch, env, config);
}
