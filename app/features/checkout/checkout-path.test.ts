import { describe, expect, it } from "vitest";
import {
  CHECKOUT_STEP_TITLE,
  checkoutPath,
  checkoutStepOf,
  checkoutStepOfSearch,
  isCheckoutReturn,
} from "./checkout-path";

describe("the checkout step's address", () => {
  it("is /cart?checkout=0 or 1, read back from the query", () => {
    expect(checkoutPath(0)).toBe("/cart?checkout=0");
    expect(checkoutStepOf("1")).toBe(1);
    expect(checkoutStepOf("2")).toBeNull();
    expect(checkoutStepOf(null)).toBeNull();
    expect(checkoutStepOfSearch("?checkout=0")).toBe(0);
    expect(checkoutStepOfSearch("?a=1&checkout=1")).toBe(1);
    expect(checkoutStepOfSearch("")).toBeNull();
  });

  it("names each step as its heading does", () => {
    expect(CHECKOUT_STEP_TITLE[checkoutStepOfSearch("?checkout=0") ?? 0]).toBe("實體商品結帳");
    expect(CHECKOUT_STEP_TITLE[1]).toBe("數位商品結帳");
  });

  it("is told apart from other return addresses, and from unsafe ones", () => {
    expect(isCheckoutReturn(checkoutPath(0))).toBe(true);
    expect(isCheckoutReturn(checkoutPath(1))).toBe(true);
    expect(isCheckoutReturn("/cart")).toBe(false);
    expect(isCheckoutReturn("/cart?checkout=9")).toBe(false);
    expect(isCheckoutReturn("/product/12")).toBe(false);
    expect(isCheckoutReturn("//evil.example/cart?checkout=0")).toBe(false);
    expect(isCheckoutReturn(null)).toBe(false);
  });
});
