// The checkout payload's text fields that the storefront's form checks itself (the buyer and the invoice, which ezPay
// is asked with): a value past the API's length is refused with the form's own wording for that field, from the form's
// checks (checkoutProblems, app/features/checkout/checkout-draft.ts: the one source of those rules and messages), so
// a direct API call reads what the browser shows, e.g. 「統一編號須為 8 位數字」 rather than a bare length. The form's
// label names the field in the other refusals (not text, a control character).
import { defaultTempOrder, type TempOrder } from "~/features/checkout/checkout";
import { CHECKOUT_FIELD_LABEL, type CheckoutField, checkoutProblems } from "~/features/checkout/checkout-draft";
import { textField } from "./text-field";

/** Each field with what makes the form check it: the invoice type (and carrier) it belongs to. */
const APPLIES = {
  member_name: {},
  member_email: {},
  invoice_donation: { invoice_type: 1 },
  invoice_carrier_mobile: { invoice_type: 2, invoice_carrier_type: 2 },
  invoice_carrier_card: { invoice_type: 2, invoice_carrier_type: 3 },
  invoice_company: { invoice_type: 3 },
  invoice_company_tax: { invoice_type: 3 },
} satisfies Partial<Record<CheckoutField, Partial<TempOrder>>>;

export type FormTextField = keyof typeof APPLIES;

/** What the checkout form says of `value` in `field` (undefined when it finds nothing wrong). */
export function formMessage(field: FormTextField, value: string): string | undefined {
  const draft: TempOrder = { ...defaultTempOrder(), ...APPLIES[field], [field]: value };
  return checkoutProblems(draft)[field];
}

/** The payload's text field `field`, at most `max` characters, refused past it in the form's words. */
export const formTextField = (field: FormTextField, max: number, name: string = CHECKOUT_FIELD_LABEL[field]) =>
  textField(name, max, (value) => formMessage(field, value));
