import { describe, expect, it } from "vitest";
import { CART_ITEMS_MAX, type CartMap } from "./cart";
import { mergeCarts, rebaseCart } from "./cart-merge";

describe("mergeCarts: the saved cart and this device's at sign-in", () => {
  it("merges the saved cart with the local one, local winning", () => {
    expect(mergeCarts({ "1": 5, "2": 1 }, { "1": 2, "3": 1 })).toEqual({ "1": 2, "2": 1, "3": 1 });
  });
  it("keeps both devices' items: {A:2} saved and {B:1} local gives both", () => {
    expect(mergeCarts({ "11": 2 }, { "12": 1 })).toEqual({ "11": 2, "12": 1 });
  });
  it("makes a cart the account can save when the two together hold more than 200 items: this device's first", () => {
    const items = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [String(from + i), 1])) as CartMap;
    const local = items(1, 150);
    const saved = { ...items(1001, 120), "1": 4 };
    const merged = mergeCarts(saved, local);
    expect(Object.keys(merged)).toHaveLength(CART_ITEMS_MAX);
    for (const id of Object.keys(local)) expect(merged[id], id).toBe(1);
    expect(Object.keys(merged).filter((id) => Number(id) > 1000)).toHaveLength(50);
    const rebased = rebaseCart({}, { ...local, "9999": 2 }, saved);
    expect(Object.keys(rebased)).toHaveLength(CART_ITEMS_MAX);
    expect(rebased["9999"]).toBe(2);
  });
  it("lets the local quantity win: {A:1} local over {A:2} saved gives 1", () => {
    expect(mergeCarts({ "11": 2 }, { "11": 1 })).toEqual({ "11": 1 });
  });
});

describe("rebaseCart: this device's changes on a newer saved cart", () => {
  const base = { "1": 1, "2": 2, "3": 3 };

  it("keeps the other device's additions, removals and quantities where this one changed nothing", () => {
    expect(rebaseCart(base, base, { "1": 5, "3": 3, "9": 1 })).toEqual({ "1": 5, "3": 3, "9": 1 });
  });

  it("applies this device's additions, removals and quantities over the other's", () => {
    const local = { "1": 4, "3": 3, "7": 1 };
    expect(rebaseCart(base, local, { "1": 5, "2": 2, "3": 1, "9": 1 })).toEqual({ "1": 4, "3": 1, "7": 1, "9": 1 });
  });

  it("removes what both removed, and is the local cart when the saved one has not moved", () => {
    expect(rebaseCart(base, { "1": 1 }, { "1": 1, "3": 3 })).toEqual({ "1": 1 });
    expect(rebaseCart(base, { "2": 9 }, base)).toEqual({ "2": 9 });
  });
});
