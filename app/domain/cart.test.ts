import { describe, expect, it } from "vitest";
import {
  addToCart,
  effectiveQuantity,
  keepKnownItems,
  mergeCarts,
  parseStoredCart,
  quantityCap,
  setCartQuantity,
} from "./cart";

const paper = { id: 1, quantity_max: 5, category_id: 1, is_pre_order: false };

describe("cart quantities (SPEC §5)", () => {
  it("caps non-pre-order items at quantity_max", () => {
    expect(effectiveQuantity(paper, 3)).toBe(3);
    expect(effectiveQuantity(paper, 9)).toBe(5);
  });

  it("caps pre-orders at quantity_max, or 10 when it is empty or 0", () => {
    expect(quantityCap({ ...paper, is_pre_order: true, quantity_max: 3 })).toBe(3);
    expect(quantityCap({ ...paper, is_pre_order: true, quantity_max: null })).toBe(10);
    expect(quantityCap({ ...paper, is_pre_order: true, quantity_max: 0 })).toBe(10);
    expect(effectiveQuantity({ ...paper, is_pre_order: true, quantity_max: 0 }, 25)).toBe(10);
  });

  it("uses the stored quantity for categories 1 and 4, and always 1 for 2 and 3", () => {
    expect(effectiveQuantity({ ...paper, category_id: 4 }, 2)).toBe(2);
    expect(effectiveQuantity({ ...paper, category_id: 2 }, 4)).toBe(1);
    expect(effectiveQuantity({ ...paper, category_id: 3 }, 4)).toBe(1);
  });

  it("caps a non-pre-order item with quantity_max 0 at 0, so checkout leaves it out", () => {
    expect(effectiveQuantity({ ...paper, quantity_max: 0 }, 3)).toBe(0);
  });

  it("has no number to cap at when a non-pre-order item's quantity_max is empty", () => {
    expect(effectiveQuantity({ ...paper, quantity_max: null }, 40)).toBe(40);
  });
});

describe("cart changes (SPEC §4)", () => {
  it("adds one at a time", () => {
    expect(addToCart(addToCart({}, 7), 7)).toEqual({ "7": 2 });
  });
  it("removes an item set to 0", () => {
    expect(setCartQuantity({ "7": 2, "8": 1 }, 7, 0)).toEqual({ "8": 1 });
    expect(setCartQuantity({ "7": 2 }, 7, 3)).toEqual({ "7": 3 });
  });
  it("drops items the server summary no longer knows", () => {
    expect(keepKnownItems({ "1": 1, "2": 3 }, [{ id: 2 }])).toEqual({ "2": 3 });
  });
  it("merges the saved cart with the local one, local winning", () => {
    expect(mergeCarts({ "1": 5, "2": 1 }, { "1": 2, "3": 1 })).toEqual({ "1": 2, "2": 1, "3": 1 });
  });
});

describe("parseStoredCart", () => {
  it("keeps positive whole quantities under numeric ids", () => {
    expect(parseStoredCart('{"1":2,"3":1}')).toEqual({ "1": 2, "3": 1 });
  });

  it("drops anything else, and survives broken storage", () => {
    expect(parseStoredCart('{"1":0,"2":-1,"3":1.5,"x":1,"4":"2","5":3}')).toEqual({ "5": 3 });
    expect(parseStoredCart("[1,2]")).toEqual({});
    expect(parseStoredCart("{not json")).toEqual({});
    expect(parseStoredCart(null)).toEqual({});
  });
});
