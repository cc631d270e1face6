// One message of the invoice queue: the invoice's row says what is to be done.
//   pending, issuing  issue it (issue-invoice.ts); if its order ended meanwhile it is then voiding: voided next
//   voiding           void it (void-invoice.ts)
//   anything else     done: issued, voided, failed, void-failed, unneeded, or no such row
// On the message's last try (`lastTry`), a retry is given up (giveUpInvoice, which the dead-letter queue's consumer
// may call too): the invoice becomes failed (or void-failed) with the last code, except while ezPay is not
// configured, when it waits as 待開立 for the cron to hand it on again.
// It never throws.
import { failureFields, log } from "~/lib/log.server";
import { type EzpayConfig, ezpayMerchant, type Fetch } from "./ezpay-client";
import { DONE, type InvoiceOutcome, NOT_CONFIGURED_REASON, RETRY } from "./invoice-outcome";
import { invoiceStatus, recordIssueFailed, recordVoidFailed } from "./invoice-rows";
import { type InvoiceConfig, type InvoiceEnv, issueInvoice } from "./issue-invoice";
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
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
): Promise<InvoiceOutcome> {
  const status = await invoiceStatus(env.DB, invoiceId);
  if (status === "voiding") return voidInvoice(env, config, invoiceId, now, send);
  if (status !== "pending" && status !== "issuing") return DONE;
  const issued = await issueInvoice(env, config, invoiceId, now, send);
  if (issued.kind !== "done" || (await invoiceStatus(env.DB, invoiceId)) !== "voiding") return issued;
  const voided = await voidInvoice(env, config, invoiceId, now, send);
  // The order ended just after its invoice was issued: the issue's mail is handed on all the same (or by the cron).
  return voided.kind === "done" && issued.mail ? { ...voided, mail: issued.mail } : voided;
}

/** The code an invoice is given up with when its last try's code is not known (the dead-letter queue). */
export const RETRIES_SPENT = "RETRIES_SPENT";

/**
 * Gives the invoice up after its last try (the message's last delivery, or the dead-letter queue): failed while it
 * waited to be issued (even when its order ended: only a look-up that found none makes it unneeded, and ezPay may hold
 * one that must be voided, so staff must see it), void-failed while it waited to be voided, with `last`
 * (default RETRIES_SPENT and the reason the row kept). Nothing while ezPay is not configured: the invoice waits as
 * 待開立, and the answer is that retry. Done for a row that waits for nothing. Never a throw: D1 failing is a retry.
 */
export async function giveUpInvoice(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  last?: { code: string; reason: string },
): Promise<InvoiceOutcome> {
  try {
    return await giveUp(env, config, invoiceId, last);
  } catch (error) {
    log.error(WHERE, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}

async function giveUp(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  last?: { code: string; reason: string },
): Promise<InvoiceOutcome> {
  if (!ezpayMerchant(config)) return { kind: "retry", code: RETRY.notConfigured, reason: NOT_CONFIGURED_REASON };
  const row = await env.DB.prepare("SELECT status, failure_message FROM invoices WHERE id = ?1")
    .bind(invoiceId)
    .first<{ status: string; failure_message: string | null }>();
  const code = last?.code ?? RETRIES_SPENT;
  const message = last?.reason ?? row?.failure_message ?? "retries spent";
  let failed: { attempts: number } | null = null;
  if (row?.status === "voiding") failed = await recordVoidFailed(env.DB, invoiceId, code, message);
  else if (row?.status === "pending" || row?.status === "issuing") {
    failed = await recordIssueFailed(env.DB, invoiceId, code, message);
  }
  if (!failed) return DONE;
  log.error(WHERE, { event: "retries spent", invoice_id: invoiceId, attempts: failed.attempts, code });
  return { kind: "failed", code, message };
}

/** Does what the invoice `invoiceId` waits for; the outcome says whether to ack the message or retry it. */
export async function processInvoiceMessage(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  options: InvoiceMessageOptions = {},
): Promise<InvoiceOutcome> {
  try {
    const outcome = await dispatch(env, config, invoiceId, now, options.send);
    if (outcome.kind !== "retry" || !options.lastTry || outcome.code === RETRY.notConfigured) return outcome;
    return await giveUp(env, config, invoiceId, outcome);
  } catch (error) {
    log.error(WHERE, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}
