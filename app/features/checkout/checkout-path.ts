// The checkout step's address, /cart?checkout=0 (physical) or 1 (digital): the cart page keeps the step in the URL,
// a guest's 結帳 comes back to it after signing in, and /login says why the reader is there when that is where they
// will return.
import { safeReturnPath } from "~/http/return-path";

export type CheckoutStep = 0 | 1;

export const checkoutPath = (step: CheckoutStep) => `/cart?checkout=${step}`;

/** The step a `checkout` query value names, or null (the cart itself). */
export function checkoutStepOf(value: string | null): CheckoutStep | null {
  return value === "0" ? 0 : value === "1" ? 1 : null;
}

/** The step's name: its heading and, before the site's name, its page title (the cart's title is the cart's). */
export const CHECKOUT_STEP_TITLE = { 0: "實體商品結帳", 1: "數位商品結帳" } as const;

/** The step a page address's query (`?checkout=…`) names, or null. */
export const checkoutStepOfSearch = (search: string) => checkoutStepOf(new URLSearchParams(search).get("checkout"));

/** Whether a (stored) return address is a checkout step. */
export function isCheckoutReturn(path: string | null | undefined): boolean {
  const safe = safeReturnPath(path, "");
  if (!safe) return false;
  const url = new URL(safe, "https://return.invalid");
  return url.pathname === "/cart" && checkoutStepOf(url.searchParams.get("checkout")) !== null;
}

/** What /login says when signing in leads back to the checkout. */
export const CHECKOUT_SIGN_IN_REASON = "請先登入會員，登入後將回到結帳。";
