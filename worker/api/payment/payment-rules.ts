// When an order's payment may be asked for again (重新付款), and how the gateway's times read. What a payment does to
// the order is the state machine's (app/features/orders/order-state-machine.ts).
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { methodFlag } from "./trade-info";

/** Attempts per order: enough for a few honest failures, not a way to flood the gateway. */
export const MAX_ATTEMPTS = 5;

/** A failed payment (3) may be tried again for this long after its last attempt's deadline. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

interface OrderToPay {
  status: number;
  pay_type: number;
  total: number;
}

/** Where the order's payment stands, as far as a retry is concerned. */
export interface AttemptsFacts {
  /** An attempt may still be paid (before its deadline). */
  live: boolean;
  /** That attempt is a transfer account already issued: the reader transfers, no new form helps. */
  accountIssued: boolean;
  attempts: number;
}

/**
 * Whether POST …/payment gives a form: after a failure (a new attempt, up to MAX_ATTEMPTS), or while an attempt may
 * still be paid (the same form again, never a second live payment).
 */
export function canRetryPayment(order: OrderToPay, facts: AttemptsFacts): boolean {
  return whyNoRetry(order, facts) === null;
}

/** Why the order's payment may not be asked for now, in Chinese for the reader; null when it may. */
export function whyNoRetry(order: OrderToPay, facts: AttemptsFacts): string | null {
  if (order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.awaitingStock) return "這張訂單已完成付款";
  if (order.pay_type === PAY_TYPE.cashOnDelivery) return "貨到付款的訂單不需線上付款";
  if (order.total === 0 || methodFlag(order.pay_type) === null) return "這張訂單不需付款";
  if (order.status !== ORDER_STATUS.awaiting && order.status !== ORDER_STATUS.failed) {
    return "這張訂單已結束，無法付款";
  }
  if (facts.live && facts.accountIssued) return "已產生轉帳帳號，請在期限內依轉帳資訊匯款";
  if (facts.live) return null;
  if (order.status === ORDER_STATUS.awaiting) return "這張訂單的付款尚在確認中，請稍後再查看";
  if (facts.attempts >= MAX_ATTEMPTS) return `付款已嘗試 ${MAX_ATTEMPTS} 次，請重新下單或聯絡客服`;
  return null;
}

/**
 * NewebPay's PayTime (Taipei time, "2026-11-23 19:05:35") as an ISO date-time; null for any other text (the caller
 * then uses when the notice came), so paid_at is always a date-time, as the contract says.
 */
export function payTimeIso(payTime: string | null): string | null {
  if (!payTime) return null;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(payTime);
  return match ? `${match[1]}T${match[2]}+08:00` : null;
}
