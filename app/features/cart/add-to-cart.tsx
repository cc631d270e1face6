// 加入購物車 on the product page: adds one to the cart store (which saves a member's cart by itself), says so
// politely. A failed save is the header's quiet notice (cart-sync-notice.tsx): the item is in the cart either way.
// An e-book or audio book the member already holds offers no button but says where it is (SPEC §4 keeps it out of
// checkout; the quote refuses it).
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { addLimit, CART_ITEMS_MAX, type CartItemFacts, canAddToCart, isPhysicalCategory } from "~/features/cart/cart";
import { addCartItem, readCartNow } from "~/features/cart/cart-store";
import { type DigitalHolding, holdingNotice } from "~/features/orders/digital-holding";
import { useSignedIn } from "~/features/session/session";
import { useLiveHolding } from "./held-item-live";

/**
 * What the last press did: this item's quantity now in the cart (said as this item's: the header counts the cart's
 * items), and whether it is the most one order may hold.
 */
type Added = { count: number; atLimit: boolean } | "full" | null;

/**
 * Where the member already has this item, with the way there, in place of the button. It comes after hydration: a
 * reader whose focus was on the button meets its link instead, which names where the item is.
 */
function HeldNotice({ holding, takeFocus }: { holding: DigitalHolding; takeFocus: boolean }) {
  const { text, to, label } = holdingNotice(holding);
  const textId = useId();
  const link = useRef<HTMLAnchorElement>(null);
  // Only as it first shows: the button it replaced is gone, with the focus it had.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (takeFocus) link.current?.focus();
  }, []);
  return (
    <p className="m-0 min-h-control flex flex-wrap items-center gap-x-2" data-testid="product-held">
      <strong id={textId} className="text-primary">
        {text}
      </strong>
      <Link ref={link} to={to} className="text-link underline" aria-describedby={textId}>
        {label}
      </Link>
    </p>
  );
}

export function AddToCartButton({ item, orderable }: { item: CartItemFacts; orderable: boolean }) {
  const { id } = item;
  const [added, setAdded] = useState<Added>(null);
  const signedIn = useSignedIn();
  const [holding, asksHolding] = useLiveHolding(id, signedIn && orderable && !isPhysicalCategory(item.category_id));
  const buttonFocused = useRef(false);
  const add = () => {
    const most = addLimit(item);
    if (!canAddToCart(readCartNow(), id)) return setAdded("full");
    const before = readCartNow()[id] ?? 0;
    const count = addCartItem(id, most)[id] ?? 1;
    // A press that could add nothing says why, with the quantity the cart really holds.
    setAdded({ count, atLimit: count <= before });
  };

  if (holding) {
    return (
      <div>
        <HeldNotice holding={holding} takeFocus={buttonFocused.current} />
        {asksHolding}
      </div>
    );
  }
  if (!orderable) {
    return (
      <button type="button" className="btn-primary" disabled>
        暫時無法訂購
      </button>
    );
  }
  return (
    <div>
      {/* A double-click (its second click has detail 2) adds one, as readers used to desktop icons expect. */}
      <button
        type="button"
        className="btn-primary"
        onClick={(event) => event.detail < 2 && add()}
        onFocus={() => {
          buttonFocused.current = true;
        }}
        onBlur={() => {
          buttonFocused.current = false;
        }}
      >
        加入購物車
      </button>
      {asksHolding}
      {/* The cart is kept in the browser (SPEC §3): without scripts the button can do nothing. Say so. */}
      <p className="no-script-only m-0 mt-2 text-sm text-error">加入購物車需要瀏覽器啟用 JavaScript。</p>
      <p role="status" className="m-0 mt-2 min-h-6 text-sm">
        {added === "full" && (
          <span className="text-error">購物車最多 {CART_ITEMS_MAX} 項商品，請先結帳或移除部分商品。</span>
        )}
        {typeof added === "object" && added && (
          <>
            {added.atLimit
              ? `已達每筆訂單上限，購物車內這項商品共 ${added.count} 件。`
              : `已加入購物車，這項商品共 ${added.count} 件。`}
            <Link to="/cart" className="text-link underline">
              前往購物車
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
