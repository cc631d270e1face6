// The worker's `queue` and `scheduled` handlers, and the development mailbox, in workerd, for delivery.workerd.test.ts, which runs this with
// Miniflare's real queue broker, dead-letter queue, D1 and send_email binding. The binding is wrapped so that a
// test can make it refuse: the first send to an address starting "flaky" fails once (as a rate limit would), a send
// to "poison…" always fails, and one to "suppressed…" fails as a suppressed recipient does. Test-only.
import { Hono } from "hono";
import { parseConfig } from "../config";
import { devMailbox } from "../dev-mailbox";
import { configMiddleware } from "../middleware/config";
import { handleQueue } from "../queue-handler";
import { scheduled } from "../scheduled";
import { startupConfig } from "../startup-config";
import type { WorkerEnv } from "../types";

const refusedOnce = new Set<string>();

function refusal(message: string, code?: string) {
  return Object.assign(new Error(message), code ? { code } : {});
}

function refusing(binding: SendEmail): SendEmail {
  return {
    async send(message: EmailMessageBuilder) {
      const to = String(message.to);
      if (to.startsWith("poison")) throw refusal(`the service is down for ${to}`);
      if (to.startsWith("suppressed")) throw refusal("recipient suppressed", "E_RECIPIENT_SUPPRESSED");
      if (to.startsWith("flaky") && !refusedOnce.has(to)) {
        refusedOnce.add(to);
        throw refusal("rate limit exceeded", "E_RATE_LIMIT_EXCEEDED");
      }
      return binding.send(message);
    },
  } as SendEmail;
}

// The development mailbox, which reads the binding's local explorer.
const app = new Hono<WorkerEnv>().use(configMiddleware(startupConfig)).route("/_dev/mail", devMailbox);

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    handleQueue(
      batch,
      { DB: env.DB, EMAIL: refusing(env.EMAIL) },
      parseConfig(env as unknown as Record<string, unknown>),
    ),
  scheduled,
} satisfies ExportedHandler<Env>;
