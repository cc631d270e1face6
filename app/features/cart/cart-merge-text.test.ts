import { describe, expect, it } from "vitest";
import { cartMergeText } from "./cart-merge-text";

describe("the cart merge notice", () => {
  it("says how many saved items the sign-in added, and names them", () => {
    expect(cartMergeText({ count: 2, titles: ["八大人覺經講記", "一個人的老街"] })).toBe(
      "已將您會員帳號中保存的 2 項商品併入購物車：「八大人覺經講記」、「一個人的老街」。",
    );
  });

  it("names at most three, and says there are more", () => {
    expect(cartMergeText({ count: 5, titles: ["甲", "乙", "丙", "丁", "戊"] })).toBe(
      "已將您會員帳號中保存的 5 項商品併入購物車：「甲」、「乙」、「丙」等。",
    );
    expect(cartMergeText({ count: 2, titles: ["甲"] })).toBe("已將您會員帳號中保存的 2 項商品併入購物車：「甲」等。");
  });

  it("still says how many when the titles could not be had", () => {
    expect(cartMergeText({ count: 1, titles: [] })).toBe("已將您會員帳號中保存的 1 項商品併入購物車。");
  });
});
