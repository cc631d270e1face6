// What a payment outcome does to an order (SPEC §4 statuses), and when a failed payment may be tried again.
import { methodFlag, VACC_PAY_TYPE } from "./trade-info";

export const ORDER_STATUS = { awaiting: 1, failed: 3, paid: 5 } as const;

/** SUCCESS makes an order awaiting payment, or whose payment failed, paid (5 完成付款). */
export const PAID_FROM = [ORDER_STATUS.awaiting, ORDER_STATUS.failed] as const;
/** Any other outcome fails only an order still awaiting payment: a late failure never undoes a payment. */
export const FAILED_FROM = [ORDER_STATUS.awaiting] as const;

/** Where the order goes on this outcome, or null when it stays as it is. */
export function statusAfter(current: number, success: boolean): number | null {
  if (success) return (PAID_FROM as readonly number[]).includes(current) ? ORDER_STATUS.paid : null;
  return (FAILED_FROM as readonly number[]).includes(current) ? ORDER_STATUS.failed : null;
}

/** A failed payment (status 3) may be tried again by a gateway method; 專戶匯款 and 貨到付款 may not (the contract). */
export function canRetryPayment(order: { status: number; pay_type: number; total: number }): boolean {
  return (
    order.status === ORDER_STATUS.failed &&
    order.total > 0 &&
    methodFlag(order.pay_type) !== null &&
    order.pay_type !== VACC_PAY_TYPE
  );
}

/** Why an order's payment may not be tried again, in Chinese for the reader. */
export function whyNoRetry(order: { status: number; pay_type: number; total: number }): string {
  if (order.status === ORDER_STATUS.paid) return "這張訂單已完成付款";
  if (order.pay_type === 6) return "貨到付款的訂單不需線上付款";
  if (order.pay_type === VACC_PAY_TYPE) return "專戶匯款的訂單無法重新付款，請依轉帳資訊匯款";
  if (order.total === 0) return "這張訂單不需付款";
  if (order.status === ORDER_STATUS.awaiting) return "這張訂單的付款尚在處理中，請稍後再查看";
  return "只有付款失敗的訂單可以重新付款";
}

/** NewebPay's PayTime (Taipei time, "2026-11-23 19:05:35") as an ISO date-time; other text as it came. */
export function payTimeIso(payTime: string | null): string | null {
  if (!payTime) return null;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(payTime);
  return match ? `${match[1]}T${match[2]}+08:00` : payTime;
}
