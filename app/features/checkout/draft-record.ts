// The checkout draft kept in sessionStorage per category type, so a reload or coming back from the payment gateway
// keeps what was typed. It is a member value (app/features/session/member-storage.ts): kept under the session's key, dropped at
// sign-out, at a change of session and once the order is placed. Amounts are not kept (the quote gives them again); what is read back is checked field by
// field against the defaults, since storage can hold anything.
import * as PAY_TYPE from "~/domain/pay-types";
import { defaultTempOrder, TEL_TYPES, type TempOrder } from "./checkout";

/** The draft's name among the member's stored values (member-storage.ts puts the session key in front of it). */
export const checkoutDraftName = (categoryType: 0 | 1) => `checkout-${categoryType}`;

const AMOUNT_FIELDS = ["subtotal", "fee", "no_fee", "discount_price"] as const;

/** What one field may hold when read back (besides being of the default's type). */
const ALLOWED: Partial<Record<keyof TempOrder, readonly unknown[]>> = {
  tel_type: TEL_TYPES,
  area_type: [0, 1],
  invoice_type: [1, 2, 3],
  invoice_carrier_type: [1, 2, 3],
  pay_type: [
    PAY_TYPE.creditCard,
    PAY_TYPE.webAtm,
    PAY_TYPE.linePay,
    PAY_TYPE.applePay,
    PAY_TYPE.unionPay,
    PAY_TYPE.cashOnDelivery,
    PAY_TYPE.transfer,
  ],
  delivery_type: [1],
};

/** The draft to keep: every field but the category type and the amounts. */
export function storedDraft(order: TempOrder): string {
  const kept: Partial<TempOrder> = { ...order };
  delete kept.category_type;
  for (const field of AMOUNT_FIELDS) delete kept[field];
  return JSON.stringify(kept);
}

/** The draft read back: the defaults of `categoryType`, with each stored field that is of the right kind. */
export function restoredDraft(categoryType: 0 | 1, text: string | null): TempOrder {
  const order = defaultTempOrder(categoryType);
  if (!text) return order;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return order;
  }
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return order;
  const draft = order as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(stored)) {
    if (field === "category_type" || (AMOUNT_FIELDS as readonly string[]).includes(field)) continue;
    if (!(field in draft) || typeof value !== typeof draft[field]) continue;
    const allowed = ALLOWED[field as keyof TempOrder];
    if (allowed && !allowed.includes(value)) continue;
    if (typeof value === "string" && value.length > 300) continue;
    draft[field] = value;
  }
  return order;
}
