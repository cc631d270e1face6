// The checkout step of /cart (/cart?checkout=0 or 1): PLACEHOLDER until the checkout form lands. The cart page
// renders it with the cart and the summary; the step reports the ids an order took so the cart can drop them.
import type { CartMap } from "~/domain/cart";
import type { SummaryItem } from "~/domain/checkout";

export interface CheckoutStepProps {
  /** 0 physical (categories 1 and 4), 1 digital (2 and 3). */
  categoryType: 0 | 1;
  /** The whole local cart (item id → stored quantity). */
  cart: CartMap;
  /** /cart/summary's facts of the cart's items. */
  summary: readonly SummaryItem[];
  /** Called once the order exists, with the ids it took, before the reader goes on to pay. */
  onOrdered: (ids: number[]) => void;
}

export function CheckoutStep({ categoryType }: CheckoutStepProps) {
  return <p>結帳（{categoryType === 0 ? "實體商品" : "數位商品"}）尚未開放。</p>;
}
