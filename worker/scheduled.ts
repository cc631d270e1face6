// The worker's one `scheduled` handler: Cron Triggers (wrangler.toml [triggers]) dispatched by their expression, so
// later scheduled work joins this table. Under `wrangler dev` crons never fire by themselves: `npm start` runs a
// ticker that calls /cdn-cgi/local/scheduled, and the tests call it directly.

import { log } from "~/lib/log.server";
import { reconcilePayments } from "./api/payment/reconciler";
import { ConfigError } from "./config";
import { startupConfig } from "./startup-config";

/** Every five minutes: reconcile open payments with NewebPay and end unpaid orders past their deadline. */
export const RECONCILE_CRON = "*/5 * * * *";

type Job = (env: Env, now: Date) => Promise<unknown>;

const JOBS: Record<string, Job> = {
  [RECONCILE_CRON]: async (env, now) => {
    if (startupConfig instanceof ConfigError) throw startupConfig;
    // With API_ORIGIN the orders live in another backend, which reconciles its own payments.
    if (startupConfig.apiOrigin) return { skipped: "API_ORIGIN is set" };
    return reconcilePayments({ DB: env.DB, config: startupConfig }, now);
  },
};

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  const job = JOBS[controller.cron];
  if (!job) {
    log.error("scheduled", { message: `no job for cron ${controller.cron}` });
    return;
  }
  const started = Date.now();
  try {
    const report = await job(env, new Date(controller.scheduledTime));
    log.info("scheduled", { cron: controller.cron, ms: Date.now() - started, report });
  } catch (error) {
    log.error("scheduled", { cron: controller.cron, message: String(error) });
    // Rethrown, so the platform records the run as failed.
    throw error;
  }
}
