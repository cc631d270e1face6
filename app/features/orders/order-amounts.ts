// The amount parts of SPEC §9 as the order pages list them, label and written amount: 商品小計, 運費 (0 when it is
// waived: 免運, or 改計海外運費 for an overseas order), 折扣 (with the coupon), 海外運費, 金額調整 and 訂單總額. The
// order pages (order-detail.tsx) and the order mails (worker/mail/) both list these rows.
import type { QuoteAmounts } from "~/features/checkout/temp-order";
import { applicableFee } from "~/features/checkout/totals";
import { formatPrice } from "~/lib/format";

/** The quote's amount parts as the orders row keeps them, with what decides the fee (applicableFee). */
export interface OrderAmountParts extends Omit<QuoteAmounts, "pay_type_forced"> {
  coupon_code?: string | null;
  area_type: number;
  category_type: number;
}

/**
 * A row: its label, the amount as written, and why the amount is what it is (（免運） when the fee is waived). A tuple,
 * not an object: the order pages are within a few dozen bytes of their first-load budget, and a tuple's names cost none.
 */
export type OrderAmountRow = readonly [label: string, value: string, note?: string];

/** A signed amount: `−NT$100`, `+NT$30`, `NT$0`. */
export function signedPrice(amount: number): string {
  if (amount < 0) return `−${formatPrice(-amount)}`;
  return amount > 0 ? `+${formatPrice(amount)}` : formatPrice(0);
}

/** Why the fee is 0: an overseas order pays international shipping instead (海外運費), which is no 免運. */
const waivedNote = (order: OrderAmountParts) =>
  order.area_type === 1 ? "（改計海外運費）" : order.category_type === 1 ? "（數位商品免運）" : "（免運）";

/** The order's amount rows, the total last. */
export function orderAmountRows(order: OrderAmountParts): OrderAmountRow[] {
  const fee = applicableFee(order);
  return [
    ["商品小計", formatPrice(order.subtotal)],
    ["運費", formatPrice(fee), fee === 0 && order.fee > 0 ? waivedNote(order) : undefined],
    [`折扣${order.coupon_code ? `（折價券 ${order.coupon_code}）` : ""}`, signedPrice(-order.discount_price)],
    ["海外運費", signedPrice(order.fee_extra)],
    ["金額調整", signedPrice(order.total_revise)],
    ["訂單總額", formatPrice(order.total)],
  ];
}
