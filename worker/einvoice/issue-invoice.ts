// One try at issuing one invoice, for the invoice queue's consumer: claim the row, ask ezPay's invoice_issue with the
// request stored when the order was paid, and record what came of it. It never throws.
//   SUCCESS            the Result believed only with its CheckCode (issued-reply.ts), then stored: issued (or
//                      voiding, when the order ended meanwhile); a wrong one stores nothing and is retried
//   LIB10003           issued already (an earlier try's reply was lost): invoice_search by MerchantOrderNo and
//                      TotalAmt, its CheckCode verified, stored as issued. So a retry never issues twice
//   NOR10001, CBC10004 ezPay's passing trouble: retried, 待開立 meanwhile; 開立中 when an earlier try went unanswered
//   unreachable        retried, the invoice 開立中 meanwhile (it may have been issued: the retry's LIB10003 tells), and
//                      it stays so until ezPay's answer is recorded (invoice-rows.ts, unanswered_at)
//   any other code     failed, with ezPay's code (INV10004, INV10012, KEY10002, INV90006 …)
// Without ezPay's credentials nothing is asked: the invoice stays pending (待開立) and the answer is retry.
// A row whose order ended after a try went unanswered is looked up with invoice_search instead: found, it is
// recorded (and voided next); INV20006 (none), it is unneeded. An order that ended is never issued an invoice anew.
// So is a 開立中 row whose retries are spent (lookUpGivenUp, for invoice-messages.ts's give-up): found, it is recorded;
// INV20006, it is failed with the last try's code (unneeded if its order ended); no answer, it stays 開立中 (a retry).
// An invoice that became 已開立 writes its 電子發票開立通知 in the same batch; the outcome carries its outbox id.
// One JSON line per outcome, naming the invoice (and for an anomaly its order), never the buyer, e-mail or barcode.
import { log } from "~/lib/log.server";
import { mailSite } from "../api/mail";
import type { ApiDatabase } from "../api/types";
import type { WorkerConfig } from "../config";
import { type EzpayClient, type EzpayConfig, type EzpayOutcome, ezpayClient, type Fetch } from "./ezpay-client";
import { guardedTry, type TryClaim } from "./guarded-try";
import { DONE, type InvoiceOutcome, notConfigured, RETRY, RETRY_CODES } from "./invoice-outcome";
import {
  type ClaimedIssue,
  claimForIssue,
  invoiceStatus,
  recordIssued,
  recordIssueFailed,
  recordIssueRetry,
} from "./invoice-rows";
import { issuedMailFor } from "./issued-mail";
import { readIssued } from "./issued-reply";
import type { EzpayParams } from "./post-data";

const WHERE = "einvoice-issue";

/** ezPay's "this MerchantOrderNo was issued already". */
export const ALREADY_ISSUED = "LIB10003";
/** invoice_search's "查無發票資料": ezPay has no such invoice. */
export const NOT_FOUND = "INV20006";

/** ezPay's settings, and the store's name and SITE_URL for the mail an issued invoice writes. */
export type InvoiceConfig = EzpayConfig & Pick<WorkerConfig, "siteTitle" | "siteUrl">;

export interface InvoiceEnv {
  DB: ApiDatabase;
}

type Retry = Extract<InvoiceOutcome, { kind: "retry" }>;

/** Retries of a request ezPay was sent and that has no answer to record: the invoice may exist there (開立中). */
export const UNANSWERED: ReadonlySet<string> = new Set([RETRY.unreachable, RETRY.anomaly, RETRY.search]);

/** A give-up's look-up: the code and reason the invoice is failed with when ezPay holds none of it. */
export interface GivenUp {
  code: string;
  message: string;
}

/**
 * The claimed row released (pending again, or issuing when this or an earlier try went unanswered), one line, and the
 * retry. `unanswered` forces 開立中 for a retry whose code says nothing of an earlier request (a look-up of a row that
 * was asked before).
 */
async function retry(
  db: ApiDatabase,
  claimed: ClaimedIssue,
  outcome: Retry,
  { anomaly = false, unanswered = false }: { anomaly?: boolean; unanswered?: boolean } = {},
): Promise<InvoiceOutcome> {
  await recordIssueRetry(db, claimed.id, outcome.reason, { unanswered: unanswered || UNANSWERED.has(outcome.code) });
  const fields = { event: "retry", invoice_id: claimed.id, attempts: claimed.attempts, code: outcome.code };
  if (anomaly) log.error(WHERE, { ...fields, order_id: claimed.order_id, reason: outcome.reason });
  else log.warn(WHERE, outcome.code === RETRY.unreachable ? { ...fields, reason: outcome.reason } : fields);
  return outcome;
}

/** invoice_issue, and on LIB10003 invoice_search for what the earlier try issued. */
async function ask(
  client: EzpayClient,
  claimed: ClaimedIssue,
  now: Date,
  claim: TryClaim,
): Promise<EzpayOutcome | Retry> {
  const params = JSON.parse(claimed.request) as EzpayParams;
  // From here on ezPay may have the request: a throw before its answer is recorded leaves the row 開立中.
  claim.asked = true;
  const issued = await client.issue(params, now);
  if (issued.kind !== "refused" || issued.code !== ALREADY_ISSUED) return issued;
  const found = await client.searchByOrder(
    { merchantOrderNo: claimed.merchant_order_no, totalAmt: claimed.total_amt },
    now,
  );
  if (found.kind === "ok") return found;
  if (found.kind === "unreachable") return { kind: "retry", code: RETRY.unreachable, reason: found.reason };
  return { kind: "retry", code: RETRY.search, reason: `${ALREADY_ISSUED}, then invoice_search: ${found.code}` };
}

/**
 * The invoice of an order that ended after an earlier try went unanswered: invoice_search by MerchantOrderNo and
 * TotalAmt, so that one ezPay issued is recorded (and voided next), and none is issued for an order that ended.
 */
async function lookUp(client: EzpayClient, claimed: ClaimedIssue, now: Date): Promise<EzpayOutcome> {
  return client.searchByOrder({ merchantOrderNo: claimed.merchant_order_no, totalAmt: claimed.total_amt }, now);
}

async function issueOnce(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  claim: TryClaim,
  givenUp?: GivenUp,
): Promise<InvoiceOutcome> {
  const db = env.DB;
  const client = ezpayClient(config, send);
  if (!client) {
    const status = await invoiceStatus(db, invoiceId);
    return notConfigured(WHERE, invoiceId, status === "pending" || status === "issuing");
  }
  const claimed = await claimForIssue(db, invoiceId, now.getTime());
  if (!claimed) {
    log.info(WHERE, { event: "nothing to issue", invoice_id: invoiceId });
    return DONE;
  }
  claim.held = true;
  // Looked up, never asked anew: an earlier request went unanswered, and its order ended or its retries are spent.
  const lookingUp = claimed.void_wanted_at !== null || givenUp !== undefined;
  if (lookingUp) claim.asked = true;
  const reply = lookingUp ? await lookUp(client, claimed, now) : await ask(client, claimed, now, claim);
  if (reply.kind === "refused" && lookingUp) {
    if (reply.code !== NOT_FOUND) {
      // The look-up was refused: it is asked again (ezPay may have an invoice of it, which must be voided), 開立中.
      const refusal: Retry = { kind: "retry", code: reply.code, reason: `invoice_search: ${reply.message}` };
      return retry(db, claimed, refusal, { unanswered: true });
    }
    // ezPay has no invoice of it: none is needed when its order ended; else, its retries spent, it failed.
    const ended = claimed.void_wanted_at !== null || !givenUp;
    const code = ended ? reply.code : givenUp.code;
    const message = ended ? "ezPay has no invoice of the ended order" : `${givenUp.message} (ezPay has none)`;
    const settled = await recordIssueFailed(db, claimed.id, code, message, { noneAtEzpay: true });
    const fields = { invoice_id: claimed.id, attempts: claimed.attempts, status: settled?.status ?? null };
    if (settled?.status !== "failed") {
      log.info(WHERE, { event: "not needed", ...fields });
      return DONE;
    }
    log.error(WHERE, { event: "failed", ...fields, code });
    return { kind: "failed", code, message };
  }
  if (reply.kind === "retry") return retry(db, claimed, reply);
  if (reply.kind === "unreachable") {
    return retry(db, claimed, { kind: "retry", code: RETRY.unreachable, reason: reply.reason });
  }
  if (reply.kind === "refused") {
    if (RETRY_CODES.has(reply.code)) {
      return retry(db, claimed, { kind: "retry", code: reply.code, reason: `${reply.code} ${reply.message}` });
    }
    const failed = await recordIssueFailed(db, claimed.id, reply.code, reply.message);
    log.error(WHERE, {
      event: "failed",
      invoice_id: claimed.id,
      attempts: claimed.attempts,
      code: reply.code,
      status: failed?.status ?? null,
    });
    return { kind: "failed", code: reply.code, message: reply.message };
  }
  const order = { merchantOrderNo: claimed.merchant_order_no, totalAmt: claimed.total_amt };
  const reading = await readIssued(reply.result, order, client.merchant, now);
  if (reading.kind === "anomaly") {
    return retry(db, claimed, { kind: "retry", code: RETRY.anomaly, reason: reading.reason }, { anomaly: true });
  }
  const mail = await issuedMailFor(db, mailSite(config), claimed, reading.invoice);
  const recorded = await recordIssued(db, claimed.id, reading.invoice, mail);
  log.info(WHERE, {
    event: recorded.status === null ? "issued already" : "issued",
    invoice_id: claimed.id,
    attempts: claimed.attempts,
    status: recorded.status,
  });
  return recorded.mail.length > 0 ? { kind: "done", mail: recorded.mail } : DONE;
}

function guardedIssue(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  givenUp?: GivenUp,
): Promise<InvoiceOutcome> {
  return guardedTry(
    WHERE,
    invoiceId,
    (claim) => issueOnce(env, config, invoiceId, now, send, claim, givenUp),
    // Thrown after ezPay was asked (D1 failing as the answer is recorded): the invoice may exist there, 開立中.
    (claim) => recordIssueRetry(env.DB, invoiceId, "the store's error", { unanswered: claim.asked }),
  );
}

/** One try at issuing the invoice `invoiceId`; never throws. */
export function issueInvoice(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send?: Fetch,
): Promise<InvoiceOutcome> {
  return guardedIssue(env, config, invoiceId, now, send);
}

/**
 * The give-up of a 開立中 invoice whose retries are spent (an earlier request may have reached ezPay unanswered): it is
 * claimed and looked up with invoice_search, never asked anew. Found, it is recorded (issued, or voiding when its
 * order ended); INV20006, ezPay holds none: failed with `givenUp`'s code (unneeded when its order ended); no answer
 * that can be recorded, a retry, the row left 開立中. Done, asking nothing, when another consumer holds its claim.
 * Never throws.
 */
export function lookUpGivenUp(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  givenUp: GivenUp,
): Promise<InvoiceOutcome> {
  return guardedIssue(env, config, invoiceId, now, send, givenUp);
}
