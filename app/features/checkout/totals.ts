// SPEC §9: order totals and the forced pay type, and the bookstore's shipping rates (the built-in API prices with
// them; the checkout explains them).
import * as CATEGORY from "~/domain/categories";
import * as PAY_TYPE from "~/domain/pay-types";

/** Shipping of a domestic physical order, in NT$. */
export const DOMESTIC_FEE = 80;
/** A domestic physical order from this subtotal ships free (no_fee 1). */
export const FREE_SHIPPING_FROM = 1_000;
/**
 * The API's refusal of a payload whose amounts are not the quote's (a price changed after the page priced it): the
 * form then asks for the quote again.
 */
export const AMOUNTS_CHANGED = "訂單金額已更新，請重新確認後再送出";
/** International shipping of an overseas physical order (fee_extra), in NT$. */
export const OVERSEAS_FEE_EXTRA = 300;

interface AmountParts {
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
  fee_extra?: number;
  total_revise?: number;
  area_type: number;
  category_type: number;
}

/** The shipping fee that applies: none when no_fee is 1, the address is overseas, or the order is digital. */
export function applicableFee(parts: Pick<AmountParts, "fee" | "no_fee" | "area_type" | "category_type">): number {
  return parts.no_fee === 1 || parts.area_type === 1 || parts.category_type === CATEGORY.digitalType ? 0 : parts.fee;
}

/** total = subtotal + fee − discount_price + fee_extra + total_revise, in whole NT$. */
export function orderTotal(parts: AmountParts): number {
  return (
    parts.subtotal + applicableFee(parts) - parts.discount_price + (parts.fee_extra ?? 0) + (parts.total_revise ?? 0)
  );
}

/** Overseas orders and orders totalling 0 are paid by 專戶匯款 (SPEC §9). */
export function isPayTypeForced(areaType: number, total: number): boolean {
  return areaType === 1 || total === 0;
}

export function effectivePayType(payType: number, areaType: number, total: number): number {
  return isPayTypeForced(areaType, total) ? PAY_TYPE.transfer : payType;
}
