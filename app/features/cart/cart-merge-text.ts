// What the sign-in's cart merge added, as the header's polite status line says it. Built where the merge happens
// (cart-account-sync.ts, loaded only for members), so a guest's first load carries none of it.
import type { CartMergeNotice } from "~/features/cart/cart-sync";

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
