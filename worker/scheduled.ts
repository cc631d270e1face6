// The worker's one `scheduled` handler: Cron Triggers (wrangler.toml [triggers]) dispatched by their expression, so
// later scheduled work joins this table. Locally (workerd through Miniflare) crons never fire by themselves: `npm start` runs a
// ticker that calls /cdn-cgi/local/scheduled, and the tests call it directly.

import { log } from "~/lib/log.server";
import { reconcilePayments } from "./api/payment/reconciler";
import { ConfigError } from "./config";
import { requeueInvoices } from "./einvoice/requeue";
import { requeueMail } from "./mail-delivery/requeue";
import { startupConfig } from "./startup-config";

/**
 * Every five minutes: reconcile open payments with NewebPay and end unpaid orders past their deadline; hand mail that
 * never reached the queue (or was lost from it) to the queue again.
 */
export const RECONCILE_CRON = "*/5 * * * *";

type Job = (env: Env, now: Date) => Promise<unknown>;

/** The jobs of each cron expression, by name; each runs even when another failed. */
const JOBS: Record<string, Record<string, Job>> = {
  [RECONCILE_CRON]: {
    payments: async (env, now) => {
      if (startupConfig instanceof ConfigError) throw startupConfig;
      // With API_ORIGIN the orders live in another backend, which reconciles its own payments.
      if (startupConfig.apiOrigin) return { skipped: "API_ORIGIN is set" };
      return reconcilePayments(
        { DB: env.DB, config: startupConfig, MAIL_QUEUE: env.MAIL_QUEUE, EINVOICE_QUEUE: env.EINVOICE_QUEUE },
        now,
      );
    },
    mail: (env, now) => requeueMail(env, now),
    invoices: (env, now) => requeueInvoices(env, now),
  },
};

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  const jobs = JOBS[controller.cron];
  if (!jobs) {
    log.error("scheduled", { message: `no job for cron ${controller.cron}` });
    return;
  }
  const started = Date.now();
  const report: Record<string, unknown> = {};
  let failure: unknown;
  for (const [name, job] of Object.entries(jobs)) {
    try {
      report[name] = await job(env, new Date(controller.scheduledTime));
    } catch (error) {
      report[name] = { failed: String(error) };
      failure ??= error;
    }
  }
  if (failure !== undefined) {
    log.error("scheduled", { cron: controller.cron, ms: Date.now() - started, message: String(failure), report });
    // Rethrown, so the platform records the run as failed.
    throw failure;
  }
  log.info("scheduled", { cron: controller.cron, ms: Date.now() - started, report });
}
