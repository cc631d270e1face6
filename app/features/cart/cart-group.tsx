// One group of the cart page: 實體商品 (categories 1 and 4, category type 0) or 數位商品 (2 and 3, type 1), with
// its lines, the subtotal of what checkout takes (SPEC §4) and its 結帳 button. A member goes to the checkout step
// (/cart?checkout=N); a guest signs in first, the way a guest's 收藏 does, and comes back to that step.
import { Form } from "react-router";
import * as CATEGORY from "~/domain/categories";
import type { CartMap } from "~/features/cart/cart";
import type { CartLineFacts } from "~/features/cart/cart-lines";
import { checkoutLines } from "~/features/checkout/checkout";
import { formatPrice } from "~/lib/format";
import { CartLine } from "./cart-line";
import { SignInToCheckout } from "./sign-in-to-checkout";

/**
 * The heading of each category type's group (the labels of CATEGORY.physicalType and digitalType). Kept here, beside the
 * one component that shows them, and not in app/domain/categories.ts: that module is in every page's shell chunk.
 */
export const CART_GROUP_TITLE = { [CATEGORY.physicalType]: "實體商品", [CATEGORY.digitalType]: "數位商品" } as const;

interface CartGroupProps {
  categoryType: 0 | 1;
  lines: CartLineFacts[];
  cart: CartMap;
  signedIn: boolean;
  /** An item removed (移除, or a typed 0); focus moves to the cart's heading unless `moveFocus` is false. */
  onRemove: (line: CartLineFacts, moveFocus?: boolean) => void;
  /** A quantity changed with − or +, or a typed one cut to the cap (said in the page's status). */
  onStep: (line: CartLineFacts, quantity: number, capped?: boolean) => void;
}

export function CartGroup({ categoryType, lines, cart, signedIn, onRemove, onStep }: CartGroupProps) {
  const title = CART_GROUP_TITLE[categoryType];
  const headingId = `cart-group-${categoryType}`;
  const order = checkoutLines(categoryType, cart, lines);
  const checkoutLabel = `結帳：${title}`;
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid={`cart-group-${categoryType}`}>
      <h2 id={headingId} className="text-xl font-bold m-0 pb-2 border-b-2 border-primary">
        {title}
      </h2>
      <ul className="list-none m-0 p-0">
        {lines.map((line) => (
          <CartLine
            key={line.id}
            line={line}
            stored={cart[String(line.id)] ?? 0}
            physical={categoryType === 0}
            onRemove={onRemove}
            onStep={onStep}
          />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-4">
        <p className="m-0" data-testid={`cart-subtotal-${categoryType}`}>
          {title}小計 <strong className="text-lg">{formatPrice(order.subtotal)}</strong>
          <span className="text-sm text-ink-muted">（{order.lines.length} 項可結帳）</span>
        </p>
        {order.lines.length === 0 ? (
          <button type="button" className="btn-primary" disabled aria-label={`${checkoutLabel}（沒有可結帳的商品）`}>
            結帳
          </button>
        ) : signedIn ? (
          <Form method="get" action="/cart">
            <input type="hidden" name="checkout" value={categoryType} />
            <button type="submit" className="btn-primary" aria-label={checkoutLabel}>
              結帳
            </button>
          </Form>
        ) : (
          <SignInToCheckout step={categoryType} label={`${checkoutLabel}（需先登入）`}>
            結帳
          </SignInToCheckout>
        )}
      </div>
    </section>
  );
}
