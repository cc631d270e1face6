// Why a line of the cart is left out of checkout (SPEC §4). Its own module, apart from cart.ts (which every page's
// shell chunk holds for 加入購物車): only the cart page reads it.
import { type CartItemFacts, effectiveQuantity } from "./cart";

/**
 * Why a line of the cart is left out of checkout, or null when it goes in (SPEC §4): read on Readmoo, already held by
 * the member (in their bookcase, or in an order of theirs: a member's summary says so), or none can be ordered now.
 */
export type CheckoutExclusion = "reading-link" | "held" | "unavailable";

export function checkoutExclusion(
  item: CartItemFacts & { readmoo_link: string | null; holding?: unknown },
  stored: number,
): CheckoutExclusion | null {
  if (item.readmoo_link) return "reading-link";
  if (item.holding) return "held";
  return effectiveQuantity(item, stored) === 0 ? "unavailable" : null;
}
