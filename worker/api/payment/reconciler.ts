// The payment reconciler, run by the Cron Trigger (worker/scheduled.ts). A notify that never arrived must not leave a
// paid order unpaid, and an order nobody pays must end:
//  1. it asks QueryTradeInfo about attempts handed to a reader that may still be paid, and settles what the gateway
//     proves. NewebPay locks the query for 4 hours after too many "not found" look-ups, and a form handed out is not
//     always posted to the gateway (a reader may close the tab first), so an attempt nobody has heard of is asked
//     about twice at most: once 2 minutes after it was handed out (sooner when the reader came back through
//     ReturnURL) and once more at its deadline. A transfer whose account was issued exists at the gateway: it is
//     asked with backoff until the money comes or the account expires;
//  2. it ends unpaid orders past their deadline (1 or 3 → 2 交易中斷), after one last question to the gateway.
// Before these, it asks about payments of the wrong amount that a signed notify claimed while QueryTradeInfo could not
// confirm them (their claimed_amount, claims.ts): the claims due, longest due first, at most CHECKS_PER_RUN. Asked at
// that amount, a TradeStatus 1 records the money to refund (款項待退還, settleWrongAmount, through the state machine).
// A claim the gateway says is still unpaid or being paid (TradeStatus 0 or 9) is kept and asked again with back-off
// (2, 4, 8 … minutes, at most hourly), until CLAIM_WINDOW_MS past its attempt's deadline, when it is asked a last
// time; one the gateway denies (TRA20002 not found, TradeStatus 2 failed, 3 cancelled or 6 refunded, an answer that
// does not name that trade at that amount under a valid CheckCode), or still has not confirmed by then, is dropped,
// and one line says so. A notify's own answer drops or keeps a claim the same way (worker/api/routes/newebpay.ts).
// It stops asking on TRA10071 (the 4-hour lock) and when the gateway cannot be reached; the next run goes on.
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import type { WorkerConfig } from "../../config";
import { handOffInvoices } from "../../einvoice/handoff";
import type { InvoiceMessage } from "../../einvoice/queue-message";
import { handOffMail } from "../../mail-delivery/handoff";
import type { OutboxMessage } from "../../mail-delivery/queue-message";
import { moveOrder } from "../queries/order-transitions";
import { queryLockedUntil } from "../queries/payment-query-lock";
import { type AttemptOfOrder, attemptsWithClaims, backOffClaim, dropClaimedAmount } from "../queries/payments";
import type { ApiDatabase } from "../types";
import { writesFor } from "../writes";
import { logClaimNotConfirmed, nextClaimCheckAt, withinClaimWindow } from "./claims";
import { merchantOf } from "./merchant";
import { RETRY_WINDOW_MS } from "./payment-rules";
import { confirmWithGateway, confirmWrongAmount, type SettlementContext } from "./settlement";
import { TRADE_LIMIT_SECONDS } from "./trade-info";

/** Questions per run, so one run stays short and the gateway is asked little. */
export const CHECKS_PER_RUN = 100;
export const EXPIRIES_PER_RUN = 100;
/** After an attempt's deadline, time for a late notify before the order ends. */
export const EXPIRY_GRACE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const FIRST_BACKOFF_MS = 2 * 60_000;

/**
 * When to ask about an attempt again after `checks` questions: an issued transfer account after 2, 4, 8 … minutes,
 * at most hourly; any other attempt not before its deadline (then the expiry asks its last question).
 */
export function nextCheckAt(now: Date, attempt: Pick<AttemptOfOrder, "state" | "checks" | "deadline_at">): Date {
  if (attempt.state !== "account_issued" && attempt.deadline_at) return new Date(attempt.deadline_at);
  return new Date(now.getTime() + Math.min(FIRST_BACKOFF_MS * 2 ** attempt.checks, MAX_BACKOFF_MS));
}

export interface ReconcileReport {
  checked: number;
  settled: number;
  failed: number;
  expired: number;
  /** Payments of the wrong amount recorded as money to refund (from a kept claim). */
  refunds: number;
  /** Why asking stopped early, if it did. */
  stopped: string | null;
}

const ATTEMPT_COLUMNS = `a.id, a.order_id, a.merchant_order_no, a.amount, a.state, a.deadline_at, a.checks,
  o.order_no, o.total AS order_total, o.status AS order_status, o.pay_type`;

function attemptsToCheck(db: ApiDatabase, now: Date) {
  return db
    .prepare(
      `SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts a JOIN orders o ON o.id = a.order_id
        WHERE a.state IN ('open', 'account_issued') AND a.next_check_at <= ?1 AND a.deadline_at > ?1
          AND o.status IN (${ORDER_STATUS.awaiting}, ${ORDER_STATUS.failed})
        ORDER BY a.next_check_at LIMIT ?2`,
    )
    .bind(now.toISOString(), CHECKS_PER_RUN)
    .all<AttemptOfOrder>();
}

function ordersPastDeadline(db: ApiDatabase, now: Date) {
  const unpaidCutoff = new Date(now.getTime() - EXPIRY_GRACE_MS).toISOString();
  const failedCutoff = new Date(now.getTime() - RETRY_WINDOW_MS).toISOString();
  return db
    .prepare(
      `SELECT o.id FROM orders o
        WHERE o.status IN (${ORDER_STATUS.awaiting}, ${ORDER_STATUS.failed}) AND o.pay_type <> ${PAY_TYPE.cashOnDelivery} AND o.total > 0
          AND COALESCE((SELECT MAX(deadline_at) FROM payment_attempts a WHERE a.order_id = o.id),
                       strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, '+${TRADE_LIMIT_SECONDS} seconds'))
              < CASE o.status WHEN ${ORDER_STATUS.awaiting} THEN ?1 ELSE ?2 END
        LIMIT ?3`,
    )
    .bind(unpaidCutoff, failedCutoff, EXPIRIES_PER_RUN)
    .all<{ id: number }>();
}

function liveAttemptsOf(db: ApiDatabase, orderId: number) {
  return db
    .prepare(`SELECT ${ATTEMPT_COLUMNS} FROM payment_attempts a JOIN orders o ON o.id = a.order_id
               WHERE a.order_id = ?1 AND a.state IN ('open', 'account_issued')`)
    .bind(orderId)
    .all<AttemptOfOrder>();
}

function backOff(db: ApiDatabase, attempt: AttemptOfOrder, now: Date) {
  return db
    .prepare("UPDATE payment_attempts SET checks = checks + 1, next_check_at = ?2 WHERE id = ?1")
    .bind(attempt.id, nextCheckAt(now, attempt).toISOString())
    .run();
}

export async function reconcilePayments(
  env: {
    DB: ApiDatabase;
    config: WorkerConfig;
    MAIL_QUEUE?: Queue<OutboxMessage>;
    EINVOICE_QUEUE?: Queue<InvoiceMessage>;
  },
  now: Date,
  send?: SettlementContext["send"],
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, settled: 0, failed: 0, expired: 0, refunds: 0, stopped: null };
  const merchant = merchantOf(env.config);
  if (!merchant) return { ...report, stopped: "payment is not configured" };
  // What the run writes (mail of payments and ended orders, invoices of payments) goes to the queues at its end.
  const writes = writesFor(env.config);
  const context: SettlementContext = { db: env.DB, config: env.config, merchant, now, writes, send };
  try {
    const locked = await queryLockedUntil(env.DB, now);
    if (locked) report.stopped = `QueryTradeInfo locked until ${locked}`;

    if (!report.stopped) {
      for (const attempt of await attemptsWithClaims(env.DB, now, CHECKS_PER_RUN)) {
        const claimed = attempt.claimed_amount;
        const confirmation = await confirmWrongAmount(context, attempt, claimed);
        report.checked += 1;
        const askAgainAt = nextClaimCheckAt(now, attempt.claim_checks, attempt.deadline_at);
        if (confirmation.kind === "later") {
          // The gateway cannot be asked now: stop, and ask about this claim later than the others.
          await backOffClaim(env.DB, attempt.id, claimed, askAgainAt);
          report.stopped = confirmation.reason;
          break;
        }
        if (confirmation.kind === "refund-recorded") {
          report.refunds += confirmation.repeat ? 0 : 1;
          continue;
        }
        // The trade may still turn out paid: asked again after its back-off.
        if (confirmation.pending && withinClaimWindow(now, attempt.deadline_at)) {
          await backOffClaim(env.DB, attempt.id, claimed, askAgainAt);
          continue;
        }
        if (!(await dropClaimedAmount(env.DB, attempt.id, claimed))) continue;
        logClaimNotConfirmed(
          "payment-reconciler",
          attempt,
          claimed,
          !confirmation.pending
            ? confirmation.reason
            : `${confirmation.reason}, ${attempt.deadline_at ? "still after the claim window" : "an attempt without a deadline"}`,
        );
      }
    }

    if (!report.stopped) {
      const { results } = await attemptsToCheck(env.DB, now);
      for (const attempt of results) {
        const confirmation = await confirmWithGateway(context, attempt);
        report.checked += 1;
        if (confirmation.kind === "later") {
          // The gateway cannot be asked now: stop, and ask about this attempt later than the others.
          await backOff(env.DB, attempt, now);
          report.stopped = confirmation.reason;
          break;
        }
        if (confirmation.kind === "settled") report.settled += confirmation.settlement === "repeat" ? 0 : 1;
        else if (confirmation.kind === "failed") report.failed += 1;
        else await backOff(env.DB, attempt, now);
      }
    }

    // An order that totals 0 is settled as it is placed; one left at 1 by a failure in between is settled here.
    const { results: free } = await env.DB.prepare(
      `SELECT id FROM orders WHERE status = ${ORDER_STATUS.awaiting} AND total = 0 LIMIT ${EXPIRIES_PER_RUN}`,
    ).all<{ id: number }>();
    for (const order of free) await moveOrder(env.DB, order.id, "placed-free", { now, writes });

    const { results: due } = await ordersPastDeadline(env.DB, now);
    for (const order of due) {
      // One last question about what may still have been paid; if the gateway cannot say, the order waits.
      const { results: live } = await liveAttemptsOf(env.DB, order.id);
      if (live.length > 0 && report.stopped) continue;
      let paid = false;
      let unsure = false;
      for (const attempt of live) {
        const confirmation = await confirmWithGateway(context, attempt);
        report.checked += 1;
        if (confirmation.kind === "settled") paid = true;
        if (confirmation.kind === "later") {
          report.stopped = confirmation.reason;
          unsure = true;
          break;
        }
      }
      if (paid) {
        report.settled += 1;
        continue;
      }
      if (unsure) continue;
      const outcome = await moveOrder(env.DB, order.id, "payment-expired", {
        now,
        writes,
        after: (moved) => [
          env.DB.prepare(
            `UPDATE payment_attempts SET state = 'expired'
              WHERE order_id = ${order.id} AND state IN ('open', 'account_issued') AND ${moved}`,
          ),
        ],
      });
      if (outcome.moved) report.expired += 1;
    }
    return report;
  } finally {
    // What a batch wrote before a failure goes too; a row left unqueued, the cron hands on.
    await handOffMail(env.DB, env.MAIL_QUEUE, writes.mail);
    await handOffInvoices(env.DB, env.EINVOICE_QUEUE, writes.invoices);
  }
}
