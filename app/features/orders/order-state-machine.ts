// The order state machine (SPEC §4's statuses): every change of an order's status is decided here, once, and the
// built-in API applies the decision in one guarded D1 batch (worker/api/queries/order-transitions.ts). Pure rules, no
// I/O, shared by the worker and the storefront (which asks whether a member may cancel).

import * as CATEGORY from "~/domain/categories";
import type { OrderStatus } from "~/domain/order-statuses";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { type InvoiceVoidFacts, pastVoidDeadline } from "./invoice-void-deadline";

/** What can happen to an order. */
export type OrderEvent =
  /** An order that totals 0 is settled as it is placed. */
  | "placed-free"
  /** The gateway proved a payment (QueryTradeInfo confirmed it). */
  | "paid"
  /** The gateway proved a payment of another amount than the order's total: it pays nothing and goes back. */
  | "paid-wrong-amount"
  /** The gateway said an attempt failed. */
  | "payment-failed"
  /** An online payment passed its deadline unpaid. */
  | "payment-expired"
  /** The member cancelled the order from its detail page. */
  | "member-cancel";

export interface OrderFacts {
  status: number;
  pay_type: number;
  /** The order holds a pre-order item: paid, it waits for stock (4) instead of being complete (5). */
  has_pre_order: boolean;
  /** 0 physical, 1 digital (e-books and audio books, delivered to the bookcase once paid). */
  category_type: number;
  /** The order's e-invoice (the invoices row), or null when it has none (unpaid, or a total of 0). */
  invoice: InvoiceVoidFacts | null;
}

/** What the member's cancel looks at: the status, whether the order is digital, and its invoice. */
export type CancelFacts = Pick<OrderFacts, "status" | "category_type" | "invoice">;

export type Decision =
  | {
      move: true;
      to: OrderStatus;
      /** Money was taken and must go back (a paid order cancelled, or a payment for an ended order). */
      refundNeeded: boolean;
      /** The order ends: its reserved stock goes back, once, and its coupon's use (order-transitions.ts). */
      releasesStock: boolean;
    }
  /** No move; a payment that came anyway is recorded as needing a refund. */
  | { move: false; refundNeeded: true; reason: string }
  | { move: false; refundNeeded: false; reason: string };

const ENDED: readonly number[] = [ORDER_STATUS.interrupted, ORDER_STATUS.cancelled];
const UNPAID: readonly number[] = [ORDER_STATUS.awaiting, ORDER_STATUS.failed];
const PAID: readonly number[] = [ORDER_STATUS.awaitingStock, ORDER_STATUS.paid];

const move = (to: OrderStatus, refundNeeded = false): Decision => ({
  move: true,
  to,
  refundNeeded,
  releasesStock: to === ORDER_STATUS.interrupted || to === ORDER_STATUS.cancelled,
});
const refuse = (reason: string): Decision => ({ move: false, refundNeeded: false, reason });
const settled = (order: OrderFacts) => move(order.has_pre_order ? ORDER_STATUS.awaitingStock : ORDER_STATUS.paid);

/**
 * Why a paid digital order is not cancelled: its content is in the bookcase (the store's 退換貨 text). A pre-order
 * e-book paid and waiting for its release (4) is not in the bookcase yet (queries/bookcase.ts), so it may still be
 * cancelled, with a refund.
 */
export const DIGITAL_PAID_NO_CANCEL = "電子書與有聲書因屬數位內容，付款後已開通至書櫃，恕不取消或退款";

/**
 * Why a paid order whose invoice can no longer be voided (invoice-void-deadline.ts) is not cancelled online: a
 * cancel promises a refund and a voided invoice, and ezPay would refuse the void (LIB10008). Past the deadline a
 * refund needs a 折讓 (allowance), which the store's customer service handles.
 */
export const INVOICE_PAST_VOID_NO_CANCEL =
  "這張訂單的發票已過可作廢期限，無法在網站上取消；如需退貨或退款，請聯絡客服。";

/** A paid order whose invoice ezPay holds (or may) and can no longer void at `now`. */
const invoiceTooOld = ({ status, invoice }: CancelFacts, now: Date) =>
  PAID.includes(status) && invoice !== null && pastVoidDeadline(invoice, now);

/** Why a member may not cancel this order at `now`, in Chinese; null when they may. */
export function whyNoCancel(order: CancelFacts, now: Date): string | null {
  const { status, category_type } = order;
  if (UNPAID.includes(status)) return null;
  if (status === ORDER_STATUS.paid && category_type === CATEGORY.digitalType) return DIGITAL_PAID_NO_CANCEL;
  if (invoiceTooOld(order, now)) return INVOICE_PAST_VOID_NO_CANCEL;
  if (PAID.includes(status)) return null;
  if (status === ORDER_STATUS.interrupted) return "這張訂單已交易中斷，不需取消";
  if (status === ORDER_STATUS.cancelled) return "這張訂單已取消";
  return "已出貨或退貨處理中的訂單無法線上取消，請聯絡客服";
}

/** Where `event` takes the order at `now`, or why it does not. */
export function decide(order: OrderFacts, event: OrderEvent, now: Date): Decision {
  const { status } = order;
  switch (event) {
    case "placed-free":
      return status === ORDER_STATUS.awaiting ? settled(order) : refuse("only a new order is placed");
    case "paid":
      if (UNPAID.includes(status)) return settled(order);
      // Money arrived for an order that ended, or a second payment for a paid one: it must go back.
      return { move: false, refundNeeded: true, reason: `a payment for an order in status ${status}` };
    case "paid-wrong-amount":
      // Whatever the order's status, this money does not settle it: it is recorded as needing a refund.
      return {
        move: false,
        refundNeeded: true,
        reason: `a payment of the wrong amount for an order in status ${status}`,
      };
    case "payment-failed":
      return status === ORDER_STATUS.awaiting ? move(ORDER_STATUS.failed) : refuse("only an awaited payment fails");
    case "payment-expired":
      if (order.pay_type === PAY_TYPE.cashOnDelivery) return refuse("貨到付款 has no payment deadline");
      return UNPAID.includes(status) ? move(ORDER_STATUS.interrupted) : refuse("only an unpaid order expires");
    case "member-cancel": {
      const why = whyNoCancel(order, now);
      if (why) return refuse(why);
      return move(ORDER_STATUS.cancelled, PAID.includes(status));
    }
  }
}

/** Whether the member may cancel the order at `now` (the detail page's 取消訂單 button). */
export const canCancel = (order: CancelFacts, now: Date) => whyNoCancel(order, now) === null;

/**
 * What the member's order page says where 取消訂單 would be, for an order not shipped yet that may not be cancelled
 * online all the same (its invoice can no longer be voided); null otherwise: the order may be cancelled, or its
 * status already says why not (ended, shipped, a paid digital order in the bookcase).
 */
export const cancelNotice = (order: CancelFacts, now: Date): string | null =>
  whyNoCancel(order, now) === INVOICE_PAST_VOID_NO_CANCEL ? INVOICE_PAST_VOID_NO_CANCEL : null;

/** Ended orders: nothing more happens to them but a refund. */
export const isEnded = (status: number) => ENDED.includes(status);
