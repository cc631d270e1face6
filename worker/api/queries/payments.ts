// Payment attempts on D1 (migration 0016): one per form sent to the gateway, settled once by its notify.
import { merchantOrderNo } from "~/domain/order-no";
import { canRetryPayment, FAILED_FROM, ORDER_STATUS, PAID_FROM, payTimeIso } from "../payment/payment-rules";
import { needsGateway } from "../payment/trade-info";
import type { ApiDatabase, Schemas } from "../types";

/** An order with a new attempt of its payment. */
export interface OpenedAttempt {
  order_no: string;
  total: number;
  pay_type: number;
  member_email: string;
  attempt: number;
  merchant_order_no: string;
}

const UNIQUE_TRIES = 3;

/**
 * Records a new attempt of an order that still awaits payment (status 1, or 3 after a failure) and returns it;
 * null when the order is not there, not paid through the gateway, or not payable any more. The amount is the
 * order's total as stored.
 */
export async function openAttempt(db: ApiDatabase, orderId: number, now: Date): Promise<OpenedAttempt | null> {
  for (let tries = 0; tries < UNIQUE_TRIES; tries++) {
    const order = await db
      .prepare(
        `SELECT o.order_no, o.total, o.pay_type, o.member_email, o.status,
                COALESCE((SELECT MAX(attempt) FROM payment_attempts WHERE order_id = o.id), 0) + 1 AS attempt
           FROM orders o WHERE o.id = ?1`,
      )
      .bind(orderId)
      .first<Omit<OpenedAttempt, "merchant_order_no"> & { status: number }>();
    if (!order || !(PAID_FROM as readonly number[]).includes(order.status) || !needsGateway(order)) return null;
    const number = merchantOrderNo(order.order_no, order.attempt);
    try {
      await db
        .prepare(
          `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5)`,
        )
        .bind(orderId, order.attempt, number, order.total, now.toISOString())
        .run();
    } catch (error) {
      // Two forms asked for at once: the other took this attempt number; take the next.
      if (/UNIQUE/i.test(String(error))) continue;
      throw error;
    }
    const { status: _status, ...opened } = order;
    return { ...opened, merchant_order_no: number };
  }
  throw new Error(`could not number a payment attempt of order ${orderId}`);
}

/** An attempt with its order, as a gateway reply is matched against. */
export interface AttemptOfOrder {
  id: number;
  order_id: number;
  amount: number;
  notified_at: string | null;
  order_no: string;
  order_total: number;
  order_status: number;
}

export function findAttempt(db: ApiDatabase, merchantOrderNumber: string): Promise<AttemptOfOrder | null> {
  return db
    .prepare(
      `SELECT a.id, a.order_id, a.amount, a.notified_at, o.order_no, o.total AS order_total, o.status AS order_status
         FROM payment_attempts a JOIN orders o ON o.id = a.order_id
        WHERE a.merchant_order_no = ?1`,
    )
    .bind(merchantOrderNumber)
    .first<AttemptOfOrder>();
}

export interface Outcome {
  success: boolean;
  status: string;
  message: string;
  tradeNo: string | null;
  payTime: string | null;
}

/**
 * Records the gateway's outcome on the attempt (once) and moves the order by the rules of payment-rules.ts, in one
 * batch. The order's update is guarded by its current status in SQL, so a late or repeated call cannot undo a payment.
 */
export async function settleAttempt(db: ApiDatabase, attempt: AttemptOfOrder, outcome: Outcome, now: Date) {
  const [target, from] = outcome.success ? [ORDER_STATUS.paid, PAID_FROM] : [ORDER_STATUS.failed, FAILED_FROM];
  await db.batch([
    db
      .prepare(
        `UPDATE payment_attempts
            SET gateway_status = ?2, gateway_message = ?3, trade_no = ?4, pay_time = ?5, notified_at = ?6
          WHERE id = ?1 AND notified_at IS NULL`,
      )
      .bind(attempt.id, outcome.status, outcome.message, outcome.tradeNo, outcome.payTime, now.toISOString()),
    db
      .prepare(`UPDATE orders SET status = ?2 WHERE id = ?1 AND status IN (${from.join(", ")})`)
      .bind(attempt.order_id, target),
  ]);
}

/** 專戶匯款 (VACC): the account and deadline the gateway issued for this attempt. */
export async function recordTransferAccount(
  db: ApiDatabase,
  attemptId: number,
  account: { bankCode: string; accountNo: string; expireDate: string },
) {
  await db
    .prepare("UPDATE payment_attempts SET bank_code = ?2, account_no = ?3, expire_date = ?4 WHERE id = ?1")
    .bind(attemptId, account.bankCode, account.accountNo, account.expireDate)
    .run();
}

interface PaymentRow {
  gateway_status: string | null;
  gateway_message: string | null;
  pay_time: string | null;
  notified_at: string | null;
  bank_code: string | null;
  account_no: string | null;
  expire_date: string | null;
}

/**
 * The order's payment as the contract's OrderPayment: from its successful attempt if there is one, else its latest;
 * null when it was never sent to the gateway.
 */
export async function findOrderPayment(
  db: ApiDatabase,
  order: { id: number; status: number; pay_type: number; total: number },
): Promise<Schemas["OrderPayment"] | null> {
  const row = await db
    .prepare(
      `SELECT gateway_status, gateway_message, pay_time, notified_at, bank_code, account_no, expire_date
         FROM payment_attempts WHERE order_id = ?1
        ORDER BY COALESCE(gateway_status = 'SUCCESS', 0) DESC, attempt DESC LIMIT 1`,
    )
    .bind(order.id)
    .first<PaymentRow>();
  if (!row) return null;
  return {
    message: row.gateway_message,
    paid_at: row.gateway_status === "SUCCESS" ? (payTimeIso(row.pay_time) ?? row.notified_at) : null,
    bank_code: row.bank_code,
    account_no: row.account_no,
    expire_date: row.expire_date,
    can_retry: canRetryPayment(order),
  };
}
