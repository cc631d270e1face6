// A quiet line under the header about the member's cart, read out politely (role=status), never an alert:
// - after a sign-in whose merge added the member's saved items to the cart (SPEC §4: local wins, saved items are
//   kept), what it added, so a cart that grew from NT$550 to NT$2,160 says why; said once, and gone at the next page;
// - while the cart has not reached their account (a load or save failed and is being retried): the cart itself is
//   safe in this browser.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { dismissCartMergeNotice, useCart } from "~/features/cart/cart-store";

export const CART_UNSYNCED_TEXT = "購物車尚未同步到會員帳號，稍後會自動重試";

export function CartSyncNotice() {
  const { unsynced, merged } = useCart();
  // The merge notice lasts until the reader goes to another page (it arrives after the sign-in's own navigation).
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const shownOn = useRef<string | null>(null);
  useEffect(() => {
    if (!merged) {
      shownOn.current = null;
      return;
    }
    if (shownOn.current === null) shownOn.current = page;
    else if (shownOn.current !== page) dismissCartMergeNotice();
  }, [merged, page]);
  return (
    <p role="status" aria-live="polite" className="container m-0 text-sm text-ink-muted" data-testid="cart-sync-notice">
      {[merged, unsynced ? CART_UNSYNCED_TEXT : null].filter(Boolean).join(" ")}
    </p>
  );
}
