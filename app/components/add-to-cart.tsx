// 加入購物車 on the product page: adds one to the cart store (which saves a member's cart by itself), says so
// politely. A failed save is the header's quiet notice (cart-sync-notice.tsx): the item is in the cart either way.
import { useState } from "react";
import { Link } from "react-router";
import { addCartItem } from "~/lib/cart-store";

export function AddToCartButton({ id, orderable }: { id: number; orderable: boolean }) {
  const [added, setAdded] = useState<number | null>(null);

  if (!orderable) {
    return (
      <button type="button" className="btn-primary" disabled>
        暫時無法訂購
      </button>
    );
  }
  return (
    <div>
      <button type="button" className="btn-primary" onClick={() => setAdded(addCartItem(id)[id] ?? 1)}>
        加入購物車
      </button>
      <p role="status" className="m-0 mt-2 min-h-6 text-sm">
        {added !== null && (
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
