// What a refund due on an order (refund_pending) gives back. An order that ended (交易中斷, 取消訂單) gives back what
// it was paid. One that goes on (訂單待進貨, 完成付款, 出貨完畢) has a payment too many: a late success of an earlier
// attempt after a retry paid it, or a payment of the wrong amount before the order was paid at its total. Only that
// payment goes back, and the order is delivered as usual.
import * as ORDER_STATUS from "~/domain/order-statuses";

/** The order goes on: a refund due on it is for one extra payment (a duplicate or a wrong amount), not the order. */
export function refundsExtraPayment(status: number): boolean {
  return status === ORDER_STATUS.awaitingStock || status === ORDER_STATUS.paid || status === ORDER_STATUS.shipped;
}
