// A quiet line under the header about the member's cart, read out politely (role=status), never an alert:
// - after a sign-in whose merge added the member's saved items to the cart (SPEC §4: local wins, saved items are
//   kept), what it added, so a cart that grew from NT$550 to NT$2,160 says why; said once, and gone at the next page;
// - while the cart has not reached their account (a load or save failed and is being retried): the cart itself is
//   safe in this browser.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { dismissCartMergeNotice, useCart } from "~/lib/cart-store";
import type { CartMergeNotice } from "~/lib/cart-sync";

export const CART_UNSYNCED_TEXT = "購物車尚未同步到會員帳號，稍後會自動重試";

/** At most this many titles are named; the count covers the rest. */
const TITLES_NAMED = 3;

/** 已將您會員帳號中保存的 2 項商品併入購物車：「八大人覺經講記」、「一個人的老街」。 */
export function cartMergeText({ count, titles }: CartMergeNotice): string {
  const lead = `已將您會員帳號中保存的 ${count} 項商品併入購物車`;
  if (titles.length === 0) return `${lead}。`;
  const named = titles
    .slice(0, TITLES_NAMED)
    .map((title) => `「${title}」`)
    .join("、");
  return `${lead}：${named}${count > TITLES_NAMED || titles.length < count ? "等" : ""}。`;
}

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
      {[merged ? cartMergeText(merged) : null, unsynced ? CART_UNSYNCED_TEXT : null].filter(Boolean).join(" ")}
    </p>
  );
}
