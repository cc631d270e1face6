import { describe, expect, it } from "vitest";
import { checkoutPath, checkoutStepOf, isCheckoutReturn } from "./checkout-path";

describe("the checkout step's address", () => {
  it("is /cart?checkout=0 or 1, read back from the query", () => {
    expect(checkoutPath(0)).toBe("/cart?checkout=0");
    expect(checkoutStepOf("1")).toBe(1);
    expect(checkoutStepOf("2")).toBeNull();
    expect(checkoutStepOf(null)).toBeNull();
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
