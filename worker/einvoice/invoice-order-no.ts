// The invoice's own id per order, sent as ezPay's MerchantOrderNo (EINVOICE.md: at most 20 characters of letters,
// digits and `_`, unique per merchant). Order numbers (BK20261123-000042-7KQ3ZP) hold hyphens and run to 24+.
//
// The id is BK + the order number's date + `_` + the order's id padded to 6 digits, e.g. BK20261123_000042: 17
// characters, 20 with a 9-digit id (the most ORDER_NO_PATTERN allows). It cannot collide: the order's id is the
// primary key of orders, and the digits after `_` are that id in decimal (padding only adds leading zeros, so two ids
// never give the same digits). It is stable: both parts are fixed when the order is created, so a retry sends the
// same id and ezPay's LIB10003 (a repeat) tells it the invoice exists. The date is not needed for uniqueness; it keeps
// the id readable and apart from a reset database's reused ids on another day.
import { ORDER_NO_PATTERN } from "~/features/orders/order-no";

export const INVOICE_ORDER_NO_MAX = 20;
export const INVOICE_ORDER_NO_PATTERN = /^BK\d{8}_\d{6,9}$/;
const MAX_ORDER_ID = 999_999_999;

/** The invoice id of the order with this id and number. Throws when the two do not make one (a programming error). */
export function invoiceOrderNo(order: { id: number; order_no: string }): string {
  if (!Number.isSafeInteger(order.id) || order.id < 1 || order.id > MAX_ORDER_ID) {
    throw new RangeError(`order id ${order.id} is not 1 to ${MAX_ORDER_ID}`);
  }
  if (!ORDER_NO_PATTERN.test(order.order_no)) throw new RangeError(`not an order number: ${order.order_no}`);
  return `${order.order_no.slice(0, 10)}_${String(order.id).padStart(6, "0")}`;
}
