// One message of the invoice queue: the invoice's row says what is to be done.
//   pending, issuing  issue it (issue-invoice.ts); if its order ended meanwhile it is then voiding: voided next
//   voiding           void it (void-invoice.ts)
//   anything else     done: issued, voided, failed, void-failed, unneeded, or no such row
// On the message's last try (`lastTry`), a retry is given up: the invoice becomes failed (or void-failed) with the
// last code, except while ezPay is not configured, when it waits as 待開立 for the cron to hand it on again.
// It never throws.
import { failureFields, log } from "~/lib/log.server";
import type { EzpayConfig, Fetch } from "./ezpay-client";
import { DONE, type InvoiceOutcome, RETRY } from "./invoice-outcome";
import { invoiceStatus, recordIssueFailed, recordVoidFailed } from "./invoice-rows";
import { type InvoiceEnv, issueInvoice } from "./issue-invoice";
import { voidInvoice } from "./void-invoice";

const WHERE = "einvoice";

export interface InvoiceMessageOptions {
  /** The queue will not deliver this message again: a retry is given up. */
  lastTry?: boolean;
  /** How ezPay is reached (the tests route it to the stand-in). */
  send?: Fetch;
}

async function dispatch(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
): Promise<InvoiceOutcome> {
  const status = await invoiceStatus(env.DB, invoiceId);
  if (status === "voiding") return voidInvoice(env, config, invoiceId, now, send);
  if (status !== "pending" && status !== "issuing") return DONE;
  const issued = await issueInvoice(env, config, invoiceId, now, send);
  if (issued.kind !== "done" || (await invoiceStatus(env.DB, invoiceId)) !== "voiding") return issued;
  return voidInvoice(env, config, invoiceId, now, send);
}

/** A retry on the last try: given up, with the last code. */
async function giveUp(env: InvoiceEnv, invoiceId: number, retry: { code: string; reason: string }) {
  const status = await invoiceStatus(env.DB, invoiceId);
  const failed =
    status === "voiding"
      ? await recordVoidFailed(env.DB, invoiceId, retry.code, retry.reason)
      : await recordIssueFailed(env.DB, invoiceId, retry.code, retry.reason);
  if (failed)
    log.error(WHERE, { event: "retries spent", invoice_id: invoiceId, attempts: failed.attempts, code: retry.code });
  return { kind: "failed", code: retry.code, message: retry.reason } as const;
}

/** Does what the invoice `invoiceId` waits for; the outcome says whether to ack the message or retry it. */
export async function processInvoiceMessage(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  now: Date,
  options: InvoiceMessageOptions = {},
): Promise<InvoiceOutcome> {
  try {
    const outcome = await dispatch(env, config, invoiceId, now, options.send);
    if (outcome.kind !== "retry" || !options.lastTry || outcome.code === RETRY.notConfigured) return outcome;
    return await giveUp(env, invoiceId, outcome);
  } catch (error) {
    log.error(WHERE, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}
