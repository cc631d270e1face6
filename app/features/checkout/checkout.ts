// SPEC §3–§5 and §9: the checkout draft (temp order), which cart lines an order takes, and the payload sent.

import * as CATEGORY from "~/domain/categories";
import * as PAY_TYPE from "~/domain/pay-types";
import { tidyEmail } from "../account/email-address";
import { type CartItemFacts, type CartMap, effectiveQuantity } from "../cart/cart";
import type { DigitalHolding } from "../orders/digital-holding";
import { DONATION_CHARITIES } from "../orders/invoice-labels";
import { effectivePayType, orderTotal } from "./totals";

export const TEL_TYPES = ["市話", "住家", "公司"] as const;

export interface TempOrder {
  member_name: string;
  member_email: string;
  receiver: string;
  cellphone: string;
  area_code: string;
  tel_type: (typeof TEL_TYPES)[number];
  tel: string;
  /** 0 domestic, 1 overseas. */
  area_type: 0 | 1;
  city: string;
  area: string;
  address: string;
  country: string;
  pay_type: number;
  delivery_type: number;
  /** 1 donation, 2 carrier, 3 company. */
  invoice_type: 1 | 2 | 3;
  invoice_donation: string;
  invoice_carrier_type: 1 | 2 | 3;
  invoice_carrier_mobile: string;
  invoice_carrier_card: string;
  invoice_company: string;
  invoice_company_tax: string;
  coupon_code: string;
  /** 0 physical, 1 digital. */
  category_type: 0 | 1;
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
}

export function defaultTempOrder(categoryType: 0 | 1 = 0): TempOrder {
  return {
    member_name: "",
    member_email: "",
    receiver: "",
    cellphone: "",
    area_code: "",
    tel_type: "市話",
    tel: "",
    area_type: 0,
    city: "",
    area: "",
    address: "",
    country: "台灣",
    pay_type: PAY_TYPE.creditCard,
    delivery_type: 1,
    invoice_type: 1,
    invoice_donation: DONATION_CHARITIES[0].code,
    invoice_carrier_type: 1,
    invoice_carrier_mobile: "",
    invoice_carrier_card: "",
    invoice_company: "",
    invoice_company_tax: "",
    coupon_code: "",
    category_type: categoryType,
    subtotal: 0,
    fee: 0,
    no_fee: 0,
    discount_price: 0,
  };
}

export interface SummaryItem extends CartItemFacts {
  price_sale: number;
  readmoo_link: string | null;
  /** How the member already holds this digital item (a member's /cart/summary only): checkout leaves it out. */
  holding?: DigitalHolding | null;
}

interface CheckoutLine {
  id: number;
  quantity: number;
  price_sale: number;
}

/**
 * The lines of an order of one category type: type 0 takes categories 1 and 4, type 1 takes 2 and 3; items with
 * an external reading link, items the member already holds (`holding`) or a quantity of 0 are left out. The subtotal is the sum of price times quantity.
 */
export function checkoutLines(
  categoryType: 0 | 1,
  cart: CartMap,
  summary: readonly SummaryItem[],
): { lines: CheckoutLine[]; subtotal: number } {
  // CATEGORIES_OF_TYPE, read by name so the pairs stay out of the browser's shell chunk (app/domain/categories.ts).
  const categories: readonly number[] =
    categoryType === CATEGORY.physicalType
      ? [CATEGORY.paperBook, CATEGORY.goods]
      : [CATEGORY.ebook, CATEGORY.audioBook];
  const lines = summary
    .filter((item) => categories.includes(item.category_id) && !item.readmoo_link && !item.holding)
    .map((item) => ({
      id: item.id,
      quantity: effectiveQuantity(item, cart[String(item.id)] ?? 0),
      price_sale: item.price_sale,
    }))
    .filter((line) => line.quantity > 0);
  return { lines, subtotal: lines.reduce((sum, line) => sum + line.price_sale * line.quantity, 0) };
}

export type CheckoutPayload = Partial<TempOrder> & {
  member_name: string;
  member_email: string;
  area_type: 0 | 1;
  pay_type: number;
  delivery_type: number;
  invoice_type: 1 | 2 | 3;
  category_type: 0 | 1;
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
  total: number;
  items: { id: number; quantity: number }[];
};

/**
 * The payload of SPEC §3 and §5: the draft without the address, phone and invoice details that do not apply, plus
 * total and items. Physical orders carry the receiver, address, country and cellphone (a digital order is delivered
 * to the bookcase: nobody receives a parcel); domestic physical orders also city, area, tel_type, tel and area_code.
 * invoice_type 1 carries the donation target; 2 the carrier type (type 2 adds the mobile barcode, type 3 the card
 * code); 3 the company name and tax id. Everything else in the draft (orderer's name and e-mail, coupon code, types,
 * amounts) always goes.
 */
export function checkoutPayload(
  order: TempOrder,
  lines: readonly CheckoutLine[],
  /** The other amount parts of SPEC §3 (from the quote): international shipping and staff adjustments. */
  extra: { fee_extra: number; total_revise: number } = { fee_extra: 0, total_revise: 0 },
): CheckoutPayload {
  const subtotal = lines.reduce((sum, line) => sum + line.price_sale * line.quantity, 0);
  const total = orderTotal({ ...order, ...extra, subtotal });
  const payload: CheckoutPayload = {
    member_name: order.member_name,
    member_email: tidyEmail(order.member_email),
    area_type: order.area_type,
    pay_type: effectivePayType(order.pay_type, order.area_type, total),
    delivery_type: order.delivery_type,
    invoice_type: order.invoice_type,
    category_type: order.category_type,
    subtotal,
    fee: order.fee,
    no_fee: order.no_fee,
    discount_price: order.discount_price,
    coupon_code: order.coupon_code.trim(),
    total,
    items: lines.map(({ id, quantity }) => ({ id, quantity })),
  };
  if (order.category_type === CATEGORY.physicalType) {
    Object.assign(payload, {
      receiver: order.receiver,
      address: order.address,
      country: order.country,
      cellphone: order.cellphone,
    });
    if (order.area_type === 0) {
      Object.assign(payload, {
        city: order.city,
        area: order.area,
        tel_type: order.tel_type,
        tel: order.tel,
        area_code: order.area_code,
      });
    }
  }
  if (order.invoice_type === 1) payload.invoice_donation = order.invoice_donation;
  if (order.invoice_type === 2) {
    payload.invoice_carrier_type = order.invoice_carrier_type;
    if (order.invoice_carrier_type === 2) payload.invoice_carrier_mobile = order.invoice_carrier_mobile;
    if (order.invoice_carrier_type === 3) payload.invoice_carrier_card = order.invoice_carrier_card;
  }
  if (order.invoice_type === 3) {
    payload.invoice_company = order.invoice_company;
    payload.invoice_company_tax = order.invoice_company_tax;
  }
  return payload;
}
