// A quiet line under the header while the member's cart has not reached their account (a load or save failed and
// is being retried). Polite and not an alert: the cart itself is safe in this browser.
import { useCart } from "~/lib/cart-store";

export const CART_UNSYNCED_TEXT = "購物車尚未同步到會員帳號，稍後會自動重試";

export function CartSyncNotice() {
  const { unsynced } = useCart();
  return (
    <p role="status" aria-live="polite" className="container m-0 text-sm text-ink-muted">
      {unsynced ? CART_UNSYNCED_TEXT : null}
    </p>
  );
}
