// Payment attempts on D1 (migrations 0016, 0017): one per form handed to a reader, with its deadline. At most one may
// be paid at a time: a repeated checkout or 重新付款 gets the open attempt's form again. An attempt settles only on
// proof (worker/api/payment/settlement.ts), and every order move goes through the state machine (order-transitions.ts).
import * as ORDER_STATUS from "~/domain/order-statuses";
import { queueMailAfterChange, queueMailWhen } from "../mail";
import { CLAIM_WINDOW_MS } from "../payment/claims";
import { canRetryPayment, MAX_ATTEMPTS, payTimeIso } from "../payment/payment-rules";
import { needsGateway } from "../payment/trade-info";
import type { ApiDatabase, Schemas } from "../types";
import { noteMail, type Writes } from "../writes";
import { LIVE_SQL, LIVE_STATES } from "./attempt-facts";
import { failedAgainMailFor, transferAccountMailFor } from "./order-mails";
import { type Guard, moveOrder, newToken } from "./order-transitions";

/** The order as a payment form is made for it. */
export interface PayableOrder {
  id: number;
  order_no: string;
  total: number;
  pay_type: number;
  member_email: string;
}

/** A new attempt as it is about to be written: its number, its form and its deadline. */
export interface AttemptDraft {
  attempt: number;
  merchant_order_no: string;
  form: Schemas["PaymentForm"];
  deadline_at: Date;
}

export type AttemptResult =
  | { kind: "form"; form: Schemas["PaymentForm"] }
  | { kind: "not-payable" }
  | { kind: "too-many" };

const UNIQUE_TRIES = 3;

/**
 * The form of the order's live attempt if it has one (so a repeat never opens a second payment), else a new attempt
 * made by `draft`. Null-like results say why there is none: the order no longer awaits payment, or it has used its
 * attempts.
 */
export async function liveOrNewAttempt(
  db: ApiDatabase,
  orderId: number,
  now: Date,
  draft: (order: PayableOrder, attempt: number) => Promise<AttemptDraft>,
): Promise<AttemptResult> {
  for (let tries = 0; tries < UNIQUE_TRIES; tries++) {
    const order = await db
      .prepare(
        `SELECT o.id, o.order_no, o.total, o.pay_type, o.member_email, o.status,
                (SELECT form FROM payment_attempts
                  WHERE order_id = o.id AND ${LIVE_SQL} AND deadline_at > ?2 AND form IS NOT NULL
                  ORDER BY attempt DESC LIMIT 1) AS live_form,
                COALESCE((SELECT MAX(attempt) FROM payment_attempts WHERE order_id = o.id), 0) AS attempts
           FROM orders o WHERE o.id = ?1`,
      )
      .bind(orderId, now.toISOString())
      .first<PayableOrder & { status: number; live_form: string | null; attempts: number }>();
    if (!order) return { kind: "not-payable" };
    if (order.status !== ORDER_STATUS.awaiting && order.status !== ORDER_STATUS.failed) return { kind: "not-payable" };
    if (!needsGateway(order)) return { kind: "not-payable" };
    if (order.live_form) return { kind: "form", form: JSON.parse(order.live_form) as Schemas["PaymentForm"] };
    if (order.attempts >= MAX_ATTEMPTS) return { kind: "too-many" };
    const next = await draft(order, order.attempts + 1);
    try {
      await db
        .prepare(
          `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at, state, deadline_at,
                                         form, next_check_at)
           VALUES (?1, ?2, ?3, ?4, ?5, 'open', ?6, ?7, ?8)`,
        )
        .bind(
          orderId,
          next.attempt,
          next.merchant_order_no,
          order.total,
          now.toISOString(),
          next.deadline_at.toISOString(),
          JSON.stringify(next.form),
          new Date(now.getTime() + FIRST_CHECK_AFTER_MS).toISOString(),
        )
        .run();
    } catch (error) {
      // Two forms asked for at once: the other one made this attempt; hand out its form.
      if (/UNIQUE/i.test(String(error))) continue;
      throw error;
    }
    return { kind: "form", form: next.form };
  }
  throw new Error(`could not number a payment attempt of order ${orderId}`);
}

/** The reconciler's first look at a new attempt: a reader needs a moment on the gateway's pages. */
export const FIRST_CHECK_AFTER_MS = 2 * 60_000;

/** An attempt with its order, as a gateway reply or the reconciler sees it. */
export interface AttemptOfOrder {
  id: number;
  order_id: number;
  merchant_order_no: string;
  amount: number;
  state: string;
  deadline_at: string | null;
  checks: number;
  order_no: string;
  order_total: number;
  order_status: number;
  pay_type: number;
}

const ATTEMPT_OF_ORDER = `SELECT a.id, a.order_id, a.merchant_order_no, a.amount, a.state, a.deadline_at, a.checks,
         o.order_no, o.total AS order_total, o.status AS order_status, o.pay_type
    FROM payment_attempts a JOIN orders o ON o.id = a.order_id`;

export function findAttempt(db: ApiDatabase, merchantOrderNumber: string): Promise<AttemptOfOrder | null> {
  return db.prepare(`${ATTEMPT_OF_ORDER} WHERE a.merchant_order_no = ?1`).bind(merchantOrderNumber).first();
}

/** What proved a payment: the gateway's trade number and payment time, and its last message. */
export interface PaymentProof {
  tradeNo: string | null;
  payTime: string | null;
  message: string;
}

export type Settlement = "paid" | "refund-needed" | "repeat";

/**
 * Settles a proven payment: the attempt becomes paid and the order moves (1 or 3 → 5, or 4 with a pre-order item)
 * in one batch; for an order that ended or was paid by another attempt, the payment is recorded as needing a refund.
 * A repeat (the attempt was settled already) changes nothing.
 */
export async function settlePaid(
  db: ApiDatabase,
  attempt: Pick<AttemptOfOrder, "id" | "order_id">,
  proof: PaymentProof,
  now: Date,
  writes: Writes,
): Promise<Settlement> {
  const token = newToken();
  const settledByThisCall: Guard = `EXISTS (SELECT 1 FROM payment_attempts WHERE id = ${attempt.id} AND settled_by = '${token}')`;
  const outcome = await moveOrder(db, attempt.order_id, "paid", {
    now,
    writes,
    paidAt: payTimeIso(proof.payTime) ?? now.toISOString(),
    // Both marks hold `unchanged` (the order is as the move read it): they commit with the order's UPDATE or not at all.
    before: (unchanged) => [
      db
        .prepare(
          `UPDATE payment_attempts
              SET state = 'paid', settled_by = ?2, gateway_status = 'SUCCESS', gateway_message = ?3, trade_no = ?4,
                  pay_time = ?5, notified_at = COALESCE(notified_at, ?6)
            WHERE id = ?1 AND state <> 'paid' AND ${unchanged}`,
        )
        .bind(attempt.id, token, proof.message, proof.tradeNo, proof.payTime, now.toISOString()),
    ],
    guard: settledByThisCall,
    onRefund: (unchanged) => [
      db.prepare(
        `UPDATE payment_attempts SET refund_needed = 1 WHERE id = ${attempt.id} AND settled_by = '${token}' AND ${unchanged}`,
      ),
    ],
  });
  if (outcome.moved) return "paid";
  return outcome.refundNeeded ? "refund-needed" : "repeat";
}

/** What a payment of the wrong amount tells the member, beside its refund (the order's payment message). */
export const WRONG_AMOUNT_MESSAGE = "付款金額與訂單金額不符，款項將由本店退還";

/**
 * A payment the gateway proved for another amount than the order's total (a signed notify, then QueryTradeInfo at
 * the amount it took): it settles nothing. Through the state machine ("paid-wrong-amount"), in one batch, the attempt
 * ends (failed, refund_needed, with the gateway's trade number and time and WRONG_AMOUNT_MESSAGE, a claim kept on it
 * cleared), the order is marked 款項待退還 and the 款項退還 mail, with the amount taken, is written. Then, as for a
 * failure, an order that awaited this attempt fails (1 → 3, 付款失敗) when no other attempt may still be paid, so that
 * it may be paid again at its total; an order that had failed before (a 重新付款) gets its 付款失敗 mail in the
 * recording batch, as in settleFailed.
 * A repeat (the attempt's refund was recorded already) changes nothing.
 */
export async function settleWrongAmount(
  db: ApiDatabase,
  attempt: Pick<AttemptOfOrder, "id" | "order_id">,
  proof: Pick<PaymentProof, "tradeNo" | "payTime"> & { amount: number },
  now: Date,
  writes: Writes,
): Promise<"refund-needed" | "repeat"> {
  const token = newToken();
  const recordedByThisCall: Guard = `EXISTS (SELECT 1 FROM payment_attempts WHERE id = ${attempt.id} AND settled_by = '${token}')`;
  const at = now.toISOString();
  // An order that had failed before (this was a 重新付款) does not move below: its 付款失敗, with 重新付款 when it may
  // still be paid, is written in the batch that records this payment, when no other attempt may still be paid.
  const failedAgain = await failedAgainMailFor(db, writes, attempt.order_id, WRONG_AMOUNT_MESSAGE, now);
  const outcome = await moveOrder(db, attempt.order_id, "paid-wrong-amount", {
    now,
    writes,
    paidAmount: proof.amount,
    // Held on `unchanged` (the order is as the move read it): recorded with the order's refund mark or not at all.
    before: (unchanged) => [
      db
        .prepare(
          `UPDATE payment_attempts
              SET state = CASE WHEN ${LIVE_SQL} THEN 'failed' ELSE state END, refund_needed = 1, settled_by = ?2,
                  gateway_status = 'SUCCESS', gateway_message = ?3, trade_no = ?4, pay_time = ?5,
                  notified_at = COALESCE(notified_at, ?6), claimed_amount = NULL, claim_next_check_at = NULL,
                  claim_checks = 0
            WHERE id = ?1 AND state <> 'paid' AND refund_needed = 0 AND ${unchanged}`,
        )
        .bind(attempt.id, token, WRONG_AMOUNT_MESSAGE, proof.tradeNo, proof.payTime, at),
    ],
    guard: recordedByThisCall,
    // Written once: only by the call that recorded this payment, and only while the order is still in 3 (a batch that
    // lost a race to a move finds it in another status). The condition holds integers, a hex token and an ISO time
    // made here, nothing a caller wrote.
    onRefund: (unchanged) =>
      failedAgain
        ? [
            queueMailWhen(
              db,
              failedAgain,
              `${recordedByThisCall} AND ${unchanged}
                 AND EXISTS (SELECT 1 FROM orders WHERE id = ${attempt.order_id} AND status = ${ORDER_STATUS.failed})
                 AND NOT EXISTS (SELECT 1 FROM payment_attempts WHERE order_id = ${attempt.order_id} AND ${LIVE_SQL}
                                   AND deadline_at > '${at}')`,
              now.getTime(),
            ),
          ]
        : [],
  });
  // Another attempt may still be live (a 重新付款 under way): then the order keeps waiting for it.
  const live = await db
    .prepare(`SELECT 1 AS live FROM payment_attempts WHERE order_id = ?1 AND ${LIVE_SQL} AND deadline_at > ?2`)
    .bind(attempt.order_id, at)
    .first();
  if (!live) await moveOrder(db, attempt.order_id, "payment-failed", { now, writes });
  return outcome.refundNeeded ? "refund-needed" : "repeat";
}

/**
 * A signed notify claimed a payment of `amount` (not the attempt's) that QueryTradeInfo could not confirm yet: the
 * claim is kept for the reconciler, which asks at that amount (confirmWrongAmount) from `dueAt` on, with back-off.
 * Nothing is settled by it. An attempt paid, or whose refund was recorded already, keeps none, nor does one past its
 * claim window (CLAIM_WINDOW_MS after its deadline, or without one). The same claim kept again (a repeated notify)
 * keeps its back-off. Whether the claim was kept.
 */
export async function keepClaimedAmount(
  db: ApiDatabase,
  attemptId: number,
  amount: number,
  now: Date,
  dueAt: Date,
): Promise<boolean> {
  const { meta } = await db
    .prepare(
      // A repeated notify of the same claim keeps its back-off (its count, and its due time unless this one is sooner).
      `UPDATE payment_attempts
          SET claim_next_check_at = CASE WHEN claimed_amount = ?2 AND claim_next_check_at IS NOT NULL
                                         THEN MIN(claim_next_check_at, ?3) ELSE ?3 END,
              claim_checks = CASE WHEN claimed_amount = ?2 THEN claim_checks ELSE 0 END,
              claimed_amount = ?2
        WHERE id = ?1 AND state <> 'paid' AND refund_needed = 0 AND amount <> ?2 AND deadline_at > ?4`,
    )
    .bind(attemptId, amount, dueAt.toISOString(), new Date(now.getTime() - CLAIM_WINDOW_MS).toISOString())
    .run();
  return meta.changes === 1;
}

/** An attempt whose claimed amount waits to be confirmed (keepClaimedAmount), with that amount. */
export type ClaimedAttempt = AttemptOfOrder & { claimed_amount: number; claim_checks: number };

/**
 * Attempts whose claimed payment of another amount is due to be asked about at `now`, the longest due first, at most
 * `limit`. A claim kept before its time was (migration 0026) is due at once.
 */
export async function attemptsWithClaims(db: ApiDatabase, now: Date, limit: number): Promise<ClaimedAttempt[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.order_id, a.merchant_order_no, a.amount, a.state, a.deadline_at, a.checks, a.claimed_amount,
              a.claim_checks, o.order_no, o.total AS order_total, o.status AS order_status, o.pay_type
         FROM payment_attempts a JOIN orders o ON o.id = a.order_id
        WHERE a.claimed_amount IS NOT NULL AND a.claimed_amount <> a.amount AND a.refund_needed = 0
          AND a.state <> 'paid' AND (a.claim_next_check_at IS NULL OR a.claim_next_check_at <= ?1)
        ORDER BY a.claim_next_check_at, a.id LIMIT ?2`,
    )
    .bind(now.toISOString(), limit)
    .all<ClaimedAttempt>();
  return results;
}

/** The gateway says the claimed trade is not paid yet: the claim is asked about again at `at`, not before. */
export async function backOffClaim(db: ApiDatabase, attemptId: number, amount: number, at: Date): Promise<void> {
  await db
    .prepare(
      `UPDATE payment_attempts SET claim_checks = claim_checks + 1, claim_next_check_at = ?3
        WHERE id = ?1 AND claimed_amount = ?2`,
    )
    .bind(attemptId, amount, at.toISOString())
    .run();
}

/**
 * The claim of `amount` was answered (not confirmed by the gateway, or past its window): it waits no more. Whether a
 * kept claim was dropped. (A claim the gateway confirms is cleared as its refund is recorded, in settleWrongAmount.)
 */
export async function dropClaimedAmount(db: ApiDatabase, attemptId: number, amount: number): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `UPDATE payment_attempts SET claimed_amount = NULL, claim_next_check_at = NULL, claim_checks = 0
        WHERE id = ?1 AND claimed_amount = ?2`,
    )
    .bind(attemptId, amount)
    .run();
  return meta.changes === 1;
}

/**
 * Records a failed attempt (once) and fails the order if it still awaited this payment (1 → 3, the move writing the
 * 付款失敗 mail). An order that had failed before (a 重新付款 that failed too) does not move: this attempt's failure is
 * the change, and its 付款失敗 mail is written with it, when no other attempt may still be paid.
 */
export async function settleFailed(
  db: ApiDatabase,
  attempt: Pick<AttemptOfOrder, "id" | "order_id">,
  failure: { status: string; message: string; tradeNo: string | null },
  now: Date,
  writes: Writes,
): Promise<boolean> {
  const failedAgain = await failedAgainMailFor(db, writes, attempt.order_id, failure.message, now);
  const at = now.toISOString();
  const [recorded, mailed] = await db.batch([
    db
      .prepare(
        `UPDATE payment_attempts
            SET state = 'failed', gateway_status = ?2, gateway_message = ?3, trade_no = ?4, notified_at = ?5
          WHERE id = ?1 AND ${LIVE_SQL}`,
      )
      .bind(attempt.id, failure.status, failure.message, failure.tradeNo, at),
    // The condition holds integers and an ISO time made here, nothing a caller wrote.
    ...(failedAgain
      ? [
          queueMailWhen(
            db,
            failedAgain,
            `changes() > 0
               AND EXISTS (SELECT 1 FROM orders WHERE id = ${attempt.order_id} AND status = ${ORDER_STATUS.failed})
               AND NOT EXISTS (SELECT 1 FROM payment_attempts WHERE order_id = ${attempt.order_id} AND ${LIVE_SQL}
                                 AND deadline_at > '${at}')`,
            now.getTime(),
          ),
        ]
      : []),
  ]);
  if (recorded?.meta.changes !== 1) return false;
  noteMail(writes, mailed);
  // Another attempt may still be live (a 重新付款 under way): then the order keeps waiting for it.
  const live = await db
    .prepare(`SELECT 1 AS live FROM payment_attempts WHERE order_id = ?1 AND ${LIVE_SQL} AND deadline_at > ?2`)
    .bind(attempt.order_id, now.toISOString())
    .first();
  if (!live) await moveOrder(db, attempt.order_id, "payment-failed", { now, writes });
  return true;
}

/** The end of a transfer's last day (ExpireDate, Y-m-d or Ymd, Taipei time), or null when it is not a date. */
export function transferDeadline(expireDate: string): Date | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(expireDate);
  if (!match) return null;
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T23:59:59+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * 專戶匯款 (VACC): the account and deadline the gateway issued for this attempt, and the mail that tells the buyer, in
 * one batch. Nothing is paid yet; the attempt may now be paid until the end of ExpireDate. A repeat of the same
 * account (NotifyURL and CustomerURL both bring it) changes nothing and writes no second mail.
 */
export async function recordTransferAccount(
  db: ApiDatabase,
  attemptId: number,
  account: { bankCode: string; accountNo: string; expireDate: string },
  writes: Writes,
  now = new Date(),
) {
  const deadline = transferDeadline(account.expireDate)?.toISOString() ?? null;
  const told = await transferAccountMailFor(db, writes, attemptId, {
    bank_code: account.bankCode,
    account_no: account.accountNo,
    deadline_at: deadline,
  });
  const results = await db.batch([
    db
      .prepare(
        `UPDATE payment_attempts
            SET bank_code = ?2, account_no = ?3, expire_date = ?4, state = 'account_issued',
                deadline_at = COALESCE(?5, deadline_at)
          WHERE id = ?1 AND (state = 'open' OR (state = 'account_issued'
                AND (bank_code IS NOT ?2 OR account_no IS NOT ?3 OR expire_date IS NOT ?4)))`,
      )
      .bind(attemptId, account.bankCode, account.accountNo, account.expireDate, deadline),
    ...(told ? [queueMailAfterChange(db, told, now.getTime())] : []),
  ]);
  noteMail(writes, results[1]);
}

interface PaymentRow {
  state: string;
  gateway_message: string | null;
  pay_time: string | null;
  notified_at: string | null;
  bank_code: string | null;
  account_no: string | null;
  expire_date: string | null;
  deadline_at: string | null;
}

/**
 * The order's payment as the contract's OrderPayment: from its paid attempt if there is one, else its latest; null
 * when it was never sent to the gateway.
 */
export async function findOrderPayment(
  db: ApiDatabase,
  order: { id: number; status: number; pay_type: number; total: number },
  now = new Date(),
): Promise<Schemas["OrderPayment"] | null> {
  const row = await db
    .prepare(
      `SELECT state, gateway_message, pay_time, notified_at, bank_code, account_no, expire_date, deadline_at,
              (SELECT COUNT(*) FROM payment_attempts WHERE order_id = ?1) AS attempts
         FROM payment_attempts WHERE order_id = ?1
        ORDER BY state = 'paid' DESC, attempt DESC LIMIT 1`,
    )
    .bind(order.id)
    .first<PaymentRow & { attempts: number }>();
  if (!row) return null;
  const live =
    (LIVE_STATES as readonly string[]).includes(row.state) && !!row.deadline_at && row.deadline_at > now.toISOString();
  const facts = { live, accountIssued: row.state === "account_issued", attempts: row.attempts };
  return {
    message: row.gateway_message,
    paid_at: row.state === "paid" ? (payTimeIso(row.pay_time) ?? row.notified_at) : null,
    bank_code: row.bank_code,
    account_no: row.account_no,
    expire_date: row.expire_date,
    pay_by: live ? row.deadline_at : null,
    can_retry: canRetryPayment(order, facts),
  };
}

/** The reconciler asks about this attempt at its next run, if it may still be paid (the reader came back from it). */
export async function askSoon(db: ApiDatabase, attemptId: number, now: Date) {
  await db
    .prepare(`UPDATE payment_attempts SET next_check_at = ?2 WHERE id = ?1 AND ${LIVE_SQL} AND next_check_at > ?2`)
    .bind(attemptId, now.toISOString())
    .run();
}
