// One try at voiding one issued invoice whose order ended (status 'voiding'), for the invoice queue's consumer: claim
// the row, ask ezPay's invoice_invalid with its number and reason, record what came of it. It never throws.
//   SUCCESS            voided
//   LIB10005           voided before (an earlier try's reply was lost): voided, so voiding is idempotent
//   NOR10001, CBC10004 ezPay's passing trouble: retried
//   unreachable        retried
//   any other code     void-failed, with ezPay's code (LIB10008: past the period in which it may be voided)
// One JSON line per outcome, naming the invoice only.
import { log } from "~/lib/log.server";
import { VOID_REASON } from "../api/queries/order-invoices";
import type { ApiDatabase } from "../api/types";
import { type EzpayConfig, ezpayClient, type Fetch } from "./ezpay-client";
import { guardedTry } from "./guarded-try";
import { DONE, type InvoiceOutcome, notConfigured, RETRY, RETRY_CODES } from "./invoice-outcome";
import { claimForVoid, invoiceStatus, recordVoided, recordVoidFailed, recordVoidRetry } from "./invoice-rows";
import type { InvoiceEnv } from "./issue-invoice";
import { isoFromTaipei } from "./issued-reply";

const WHERE = "einvoice-void";

/** ezPay's "this invoice was voided already". */
export const ALREADY_VOIDED = "LIB10005";

type Retry = Extract<InvoiceOutcome, { kind: "retry" }>;

async function retry(db: ApiDatabase, id: number, attempts: number, outcome: Retry): Promise<InvoiceOutcome> {
  await recordVoidRetry(db, id, outcome.reason);
  const fields = { event: "retry", invoice_id: id, attempts, code: outcome.code };
  log.warn(WHERE, outcome.code === RETRY.unreachable ? { ...fields, reason: outcome.reason } : fields);
  return outcome;
}

async function voidOnce(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  claim: { held: boolean },
): Promise<InvoiceOutcome> {
  const db = env.DB;
  const client = ezpayClient(config, send);
  if (!client) return notConfigured(WHERE, invoiceId, (await invoiceStatus(db, invoiceId)) === "voiding");
  const claimed = await claimForVoid(db, invoiceId, now.getTime());
  if (!claimed) {
    log.info(WHERE, { event: "nothing to void", invoice_id: invoiceId });
    return DONE;
  }
  claim.held = true;
  const reply = await client.invalid(
    { invoiceNumber: claimed.invoice_number, reason: claimed.void_reason || VOID_REASON },
    now,
  );
  const fields = { invoice_id: claimed.id, attempts: claimed.attempts };
  if (reply.kind === "unreachable") {
    return retry(db, claimed.id, claimed.attempts, { kind: "retry", code: RETRY.unreachable, reason: reply.reason });
  }
  if (reply.kind === "ok") {
    if (reply.result.InvoiceNumber !== claimed.invoice_number) {
      log.error(WHERE, { event: "retry", ...fields, order_id: claimed.order_id, code: RETRY.anomaly });
      await recordVoidRetry(db, claimed.id, "the void's reply names another invoice");
      return { kind: "retry", code: RETRY.anomaly, reason: "the void's reply names another invoice" };
    }
    await recordVoided(db, claimed.id, isoFromTaipei(reply.result.CreateTime, now));
    log.info(WHERE, { event: "voided", ...fields });
    return DONE;
  }
  if (reply.code === ALREADY_VOIDED) {
    await recordVoided(db, claimed.id, now.toISOString());
    log.info(WHERE, { event: "voided", ...fields, code: reply.code });
    return DONE;
  }
  if (RETRY_CODES.has(reply.code)) {
    return retry(db, claimed.id, claimed.attempts, {
      kind: "retry",
      code: reply.code,
      reason: `${reply.code} ${reply.message}`,
    });
  }
  await recordVoidFailed(db, claimed.id, reply.code, reply.message);
  log.error(WHERE, { event: "void failed", ...fields, code: reply.code });
  return { kind: "failed", code: reply.code, message: reply.message };
}

/** One try at voiding the invoice `invoiceId`; never throws. */
export async function voidInvoice(
  env: InvoiceEnv,
  config: EzpayConfig,
  invoiceId: number,
  now: Date,
  send?: Fetch,
): Promise<InvoiceOutcome> {
  return guardedTry(
    WHERE,
    invoiceId,
    (claim) => voidOnce(env, config, invoiceId, now, send, claim),
    () => recordVoidRetry(env.DB, invoiceId, "the store's error"),
  );
}
