// One message of the invoice queue: the invoice's row says what is to be done.
//   pending, issuing  issue it (issue-invoice.ts); if its order ended meanwhile it is then voiding: voided next
//   voiding           void it (void-invoice.ts)
//   anything else     done: issued, voided, failed, void-failed, unneeded, or no such row
// On the message's last try (`lastTry`), a retry is given up (giveUpInvoice, which the dead-letter queue's consumer
// may call too), except while ezPay is not configured, when it waits as 待開立 for the cron to hand it on again:
//   pending   (every request it sent was answered) failed (開立失敗) with the last code
//   voiding   void-failed with the last code
//   issuing   (開立中: a request may have reached ezPay unanswered) never failed on a guess: looked up with
//             invoice_search by MerchantOrderNo (issue-invoice.ts, lookUpGivenUp). Found, issued (voided next when its
//             order ended); ezPay holds none, failed (unneeded when its order ended); no answer, or the last try itself
//             went unanswered (its request may still be under way, so no look-up yet), it stays 開立中 and the cron
//             hands it on again after a wait that doubles with each such round, 30 minutes to at most 6 hours
//             (unanswered-rounds.ts, requeue.ts): a later round records ezPay's answer. Past 24 hours 開立中, each
//             such round writes one `invoice_unanswered_alert` error line.
//             The dead-letter queue does not know the last try's outcome: a row once asked without an answer
//             (unanswered_at) is taken as answered by none yet, never looked up there; it stays 開立中 for the cron.
// It never throws.
import { failureFields, log } from "~/lib/log.server";
import { ezpayMerchant, type Fetch } from "./ezpay-client";
import { DONE, type InvoiceOutcome, NOT_CONFIGURED_REASON, RETRY } from "./invoice-outcome";
import {
  INVOICE_STALE_CLAIM_MS,
  invoiceStatus,
  markInvoicesQueued,
  recordIssueFailed,
  recordVoidFailed,
} from "./invoice-rows";
import {
  type GivenUp,
  type InvoiceConfig,
  type InvoiceEnv,
  issueInvoice,
  lookUpGivenUp,
  UNANSWERED,
} from "./issue-invoice";
import { recordUnansweredRound } from "./unanswered-rounds";
import { voidInvoice } from "./void-invoice";

const WHERE = "einvoice";

export interface InvoiceMessageOptions {
  /** The queue will not deliver this message again: a retry is given up. */
  lastTry?: boolean;
  /** How ezPay is reached (the tests route it to the stand-in). */
  send?: Fetch;
}

/** The invoice was just issued (or found): if its order ended meanwhile (voiding), it is voided in the same message. */
async function voidIfEnded(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  issued: InvoiceOutcome,
): Promise<InvoiceOutcome> {
  if (issued.kind !== "done" || (await invoiceStatus(env.DB, invoiceId)) !== "voiding") return issued;
  const voided = await voidInvoice(env, config, invoiceId, now, send);
  // The order ended just after its invoice was issued: the issue's mail is handed on all the same (or by the cron).
  return voided.kind === "done" && issued.mail ? { ...voided, mail: issued.mail } : voided;
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
  return voidIfEnded(env, config, invoiceId, now, send, issued);
}

/** The code an invoice is given up with when its last try's code is not known (the dead-letter queue). */
export const RETRIES_SPENT = "RETRIES_SPENT";

/** The last try's codes that leave ezPay's answer unknown just now: its request may still be under way there. */
const ANSWER_UNKNOWN: ReadonlySet<string> = new Set([...UNANSWERED, RETRY.error]);

export interface GiveUpOptions {
  /** The last try's retry (its code and reason); none from the dead-letter queue. */
  last?: { code: string; reason: string };
  now?: Date;
  /** How ezPay is reached for the look-up (the tests route it to the stand-in). */
  send?: Fetch;
}

/**
 * Gives the invoice up after its last try (the message's last delivery, or the dead-letter queue), with `last`
 * (default RETRIES_SPENT and the reason the row kept): failed while it waited as 待開立 (every request it sent was
 * answered without an invoice, so staff must see it), void-failed while it waited to be voided. One 開立中 (an earlier
 * request may have reached ezPay unanswered) is never failed on a guess: see giveUpAsked; from the dead-letter queue
 * (no `last`), one marked unanswered_at is not looked up at all, and one another consumer holds is left to it. Nothing
 * while ezPay is not configured: the invoice waits as 待開立, and the answer is that retry. Done for a row that waits
 * for nothing. Never a throw: D1 failing is a retry.
 */
export async function giveUpInvoice(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  options: GiveUpOptions = {},
): Promise<InvoiceOutcome> {
  try {
    return await giveUp(env, config, invoiceId, options);
  } catch (error) {
    log.error(WHERE, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}

async function giveUp(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  { last, now = new Date(), send }: GiveUpOptions,
): Promise<InvoiceOutcome> {
  if (!ezpayMerchant(config)) return { kind: "retry", code: RETRY.notConfigured, reason: NOT_CONFIGURED_REASON };
  const row = await env.DB.prepare(
    "SELECT status, failure_message, unanswered_at, claimed_at FROM invoices WHERE id = ?1",
  )
    .bind(invoiceId)
    .first<{
      status: string;
      failure_message: string | null;
      unanswered_at: number | null;
      claimed_at: number | null;
    }>();
  const code = last?.code ?? RETRIES_SPENT;
  const message = last?.reason ?? row?.failure_message ?? "retries spent";
  if (row?.status === "issuing") {
    // The dead-letter queue does not know its last try's outcome: a row once asked without an answer (unanswered_at)
    // may have a request still under way at ezPay, whose invoice_search could answer INV20006 before it is done.
    const answerUnknown = last ? ANSWER_UNKNOWN.has(last.code) : row.unanswered_at !== null;
    // Claimed by another consumer right now: left to it (its own look-up or give-up records ezPay's answer).
    if (!last && answerUnknown && row.claimed_at !== null && row.claimed_at > now.getTime() - INVOICE_STALE_CLAIM_MS) {
      return DONE;
    }
    return giveUpAsked(env, config, invoiceId, now, send, { code, message }, !answerUnknown);
  }
  let failed: { attempts: number } | null = null;
  if (row?.status === "voiding") failed = await recordVoidFailed(env.DB, invoiceId, code, message);
  else if (row?.status === "pending") failed = await recordIssueFailed(env.DB, invoiceId, code, message);
  if (!failed) return DONE;
  log.error(WHERE, { event: "retries spent", invoice_id: invoiceId, attempts: failed.attempts, code });
  return { kind: "failed", code, message };
}

/**
 * The give-up of a 開立中 invoice: ezPay may hold it (an earlier request went unanswered, or its consumer died holding
 * the claim), so 開立失敗 would be a guess, and one ezPay holds of an ended order must be voided. It is looked up
 * (`lookUpNow`; not when the last try's own request went unanswered, as it may still be under way at ezPay): found,
 * issued (and voided now when its order ended); ezPay holds none, failed (or unneeded). Otherwise it stays 開立中, its
 * queued_at now, and this round without an answer is counted (unanswered-rounds.ts): the cron hands it on again after
 * a wait that doubles each such round (30 minutes, 1 hour … at most 6 hours; requeue.ts), never at once, and past 24
 * hours each such round writes the alert line. That round asks with the same MerchantOrderNo (LIB10003, then
 * invoice_search) or looks it up. Done then: the message is spent. Left to another consumer that holds its claim.
 */
async function giveUpAsked(
  env: InvoiceEnv,
  config: InvoiceConfig,
  invoiceId: number,
  now: Date,
  send: Fetch | undefined,
  givenUp: GivenUp,
  lookUpNow: boolean,
): Promise<InvoiceOutcome> {
  let code = givenUp.code;
  if (lookUpNow) {
    const found = await lookUpGivenUp(env, config, invoiceId, now, send, givenUp);
    if (found.kind !== "retry") {
      const settled = await voidIfEnded(env, config, invoiceId, now, send, found);
      if (settled.kind !== "retry") return settled;
      // Found, and voiding: its void, not yet done, is the cron's to hand on (void-failed only after its own tries).
      // The issue's mail, written as it was found, goes on all the same.
      await markInvoicesQueued(env.DB, [invoiceId], now.getTime());
      return found.kind === "done" && found.mail ? { kind: "done", mail: found.mail } : DONE;
    }
    code = found.code;
  }
  // A round without an answer: the cron hands it on after a wait that doubles each such round (unanswered-rounds.ts).
  const round = await recordUnansweredRound(env.DB, invoiceId, now);
  const rounds = round
    ? { rounds: round.rounds, next_round_in_minutes: Math.round((round.nextRoundAt - now.getTime()) / 60_000) }
    : {};
  log.error(WHERE, { event: "retries spent, ezPay may hold it", invoice_id: invoiceId, code, ...rounds });
  return DONE;
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
    return await giveUp(env, config, invoiceId, { last: outcome, now, send: options.send });
  } catch (error) {
    log.error(WHERE, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}
