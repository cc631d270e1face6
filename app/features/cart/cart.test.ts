import { describe, expect, it } from "vitest";
import {
  addLimit,
  addToCart,
  CART_ITEMS_MAX,
  CART_QUANTITY_MAX,
  canAddToCart,
  cartIds,
  cartItemCount,
  effectiveQuantity,
  keepKnownItems,
  parseStoredCart,
  quantityCap,
  quantityLimit,
  removeFromCart,
  sameCart,
  setCartQuantity,
  unknownItems,
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
  it("never holds more of an item than the saved cart accepts", () => {
    expect(addToCart({ "7": CART_QUANTITY_MAX }, 7)).toEqual({ "7": CART_QUANTITY_MAX });
    expect(setCartQuantity({}, 7, 5000)).toEqual({ "7": CART_QUANTITY_MAX });
  });
  it("removes the ids an order took", () => {
    expect(removeFromCart({ "1": 1, "2": 3, "3": 1 }, [1, "3"])).toEqual({ "2": 3 });
  });
  it("names the ids the summary did not return", () => {
    expect(unknownItems({ "1": 1, "2": 3, "9": 1 }, [{ id: 2 }])).toEqual(["1", "9"]);
  });
  it("counts different items, lists ids in number order, and compares carts", () => {
    expect(cartItemCount({ "1": 4, "20": 1 })).toBe(2);
    expect(cartIds({ "20": 1, "3": 2, "100": 1 })).toEqual(["3", "20", "100"]);
    expect(sameCart({ "1": 2, "3": 1 }, { "3": 1, "1": 2 })).toBe(true);
    expect(sameCart({ "1": 2 }, { "1": 3 })).toBe(false);
    expect(sameCart({ "1": 2 }, { "1": 2, "3": 1 })).toBe(false);
  });
});

describe("stepper limit", () => {
  it("limits the stepper to the cap, and to the cart's own limit when there is no cap", () => {
    expect(quantityLimit(paper)).toBe(5);
    expect(quantityLimit({ ...paper, quantity_max: null })).toBe(CART_QUANTITY_MAX);
    expect(quantityLimit({ ...paper, is_pre_order: true, quantity_max: 0 })).toBe(10);
  });
});

describe("parseStoredCart", () => {
  it("keeps positive whole quantities under numeric ids", () => {
    expect(parseStoredCart('{"1":2,"3":1}')).toEqual({ "1": 2, "3": 1 });
  });

  it("drops anything else, and survives broken storage", () => {
    expect(parseStoredCart('{"1":0,"2":-1,"3":1.5,"x":1,"4":"2","5":3,"0":1,"06":1}')).toEqual({ "5": 3 });
    expect(parseStoredCart('{"5":4000}')).toEqual({ "5": CART_QUANTITY_MAX });
    expect(parseStoredCart("[1,2]")).toEqual({});
    expect(parseStoredCart("{not json")).toEqual({});
    expect(parseStoredCart(null)).toEqual({});
  });
});

describe("the cart's size", () => {
  it("takes up to 200 different items; more of one already in it always fits", () => {
    const full = Object.fromEntries(Array.from({ length: CART_ITEMS_MAX }, (_, i) => [String(i + 1), 1]));
    expect(canAddToCart(full, 1)).toBe(true);
    expect(canAddToCart(full, CART_ITEMS_MAX + 1)).toBe(false);
    const { "1": _, ...almost } = full;
    expect(canAddToCart(almost, CART_ITEMS_MAX + 1)).toBe(true);
  });
});

describe("加入購物車 within the item's limit", () => {
  const book = { id: 38, quantity_max: 5, category_id: 1, is_pre_order: false };
  it("stops at a physical item's cap, and brings a quantity above it down to it", () => {
    const most = addLimit(book);
    expect(most).toBe(5);
    expect(addToCart({ "38": 4 }, 38, most)).toEqual({ "38": 5 });
    expect(addToCart({ "38": 5 }, 38, most)).toEqual({ "38": 5 });
    expect(addToCart({ "38": 7 }, 38, most)).toEqual({ "38": 5 });
  });

  it("caps a pre-order at 10 without a cap of its own, and a digital item at 1", () => {
    expect(addLimit({ ...book, quantity_max: null, is_pre_order: true })).toBe(10);
    expect(addLimit({ ...book, quantity_max: null })).toBe(CART_QUANTITY_MAX);
    const audio = addLimit({ ...book, category_id: 3, quantity_max: null });
    expect(audio).toBe(1);
    expect(addToCart(addToCart({}, 2, audio), 2, audio)).toEqual({ "2": 1 });
  });
});
