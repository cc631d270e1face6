// 加入購物車 on the product page: adds one to the cart store (which saves a member's cart by itself), says so
// politely. A failed save is the header's quiet notice (cart-sync-notice.tsx): the item is in the cart either way.
import { useState } from "react";
import { Link } from "react-router";
import { CART_ITEMS_MAX, canAddToCart } from "~/features/cart/cart";
import { addCartItem, readCartNow } from "~/features/cart/cart-store";

export function AddToCartButton({ id, orderable }: { id: number; orderable: boolean }) {
  const [added, setAdded] = useState<number | "full" | null>(null);
  const add = () => setAdded(canAddToCart(readCartNow(), id) ? (addCartItem(id)[id] ?? 1) : "full");

  if (!orderable) {
    return (
      <button type="button" className="btn-primary" disabled>
        暫時無法訂購
      </button>
    );
  }
  return (
    <div>
      <button type="button" className="btn-primary" onClick={add}>
        加入購物車
      </button>
      <p role="status" className="m-0 mt-2 min-h-6 text-sm">
        {added === "full" && (
          <span className="text-error">購物車最多 {CART_ITEMS_MAX} 項商品，請先結帳或移除部分商品。</span>
        )}
        {typeof added === "number" && (
          <>
            已加入購物車（共 {added} 件）。
            <Link to="/cart" className="text-link underline">
              前往購物車
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
