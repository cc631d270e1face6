// From the reader's draft and the server's quote to the temp order the payload is built from, and what the form
// says about the amounts: why the shipping fee is waived and why the pay type is forced (SPEC §9).

import { DEFAULT_COUNTRY } from "../../domain/countries";
import { groupThousands } from "../../domain/thousands";
import type { TempOrder } from "./checkout";
import { FREE_SHIPPING_FROM, isPayTypeForced } from "./totals";

/** The quote's amount parts (POST /cart/quote). */
export interface QuoteAmounts {
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
  fee_extra: number;
  total_revise: number;
  total: number;
  pay_type_forced: number | null;
}

const TEXT_FIELDS = [
  "member_name",
  "member_email",
  "receiver",
  "cellphone",
  "area_code",
  "tel",
  "address",
  "invoice_carrier_mobile",
  "invoice_carrier_card",
  "invoice_company",
  "invoice_company_tax",
] as const;

/**
 * The temp order to send: the draft as typed (trimmed), the amounts the quote priced, the coupon code the quote
 * priced (not one typed since), and 台灣 as the country of a domestic order.
 */
export function orderForPayload(draft: TempOrder, quote: QuoteAmounts, pricedCoupon: string): TempOrder {
  const order: TempOrder = {
    ...draft,
    fee: quote.fee,
    no_fee: quote.no_fee,
    discount_price: quote.discount_price,
    coupon_code: pricedCoupon.trim(),
    country: draft.area_type === 0 ? DEFAULT_COUNTRY : draft.country,
  };
  for (const field of TEXT_FIELDS) order[field] = draft[field].trim();
  return order;
}

export const FREE_SHIPPING_NOTE = `滿 NT$${groupThousands(FREE_SHIPPING_FROM)} 免運`;
export const OVERSEAS_SHIPPING_NOTE = "海外訂單另計國際運費";
export const DIGITAL_SHIPPING_NOTE = "數位商品免運";

/** Why the order pays no shipping fee (SPEC §9: no_fee 1, overseas, digital), or null when it pays it. */
export function feeWaivedReason(parts: { no_fee: number; area_type: number; category_type: number }): string | null {
  if (parts.category_type === 1) return DIGITAL_SHIPPING_NOTE;
  if (parts.area_type === 1) return OVERSEAS_SHIPPING_NOTE;
  if (parts.no_fee === 1) return FREE_SHIPPING_NOTE;
  return null;
}

/** Why the payment choices give way to 專戶匯款 (SPEC §9), or null when the reader chooses. */
export function forcedPayTypeReason(areaType: number, total: number): string | null {
  if (!isPayTypeForced(areaType, total)) return null;
  return areaType === 1
    ? "海外訂單僅提供專戶匯款，訂單成立後請依通知完成匯款。"
    : "訂單金額為 0，不需線上付款，付款方式為專戶匯款。";
}

/**
 * What a screen reader is told when the payment choices give way to 專戶匯款 (the choices vanish without a word
 * otherwise), or "" when the reader chooses.
 */
export function forcedPayTypeNotice(areaType: number, total: number): string {
  if (!isPayTypeForced(areaType, total)) return "";
  return areaType === 1 ? "海外訂單僅能以專戶匯款付款。" : "訂單金額為 0，付款方式為專戶匯款。";
}
