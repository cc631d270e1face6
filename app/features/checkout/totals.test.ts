import { describe, expect, it } from "vitest";
import { applicableFee, effectivePayType, isPayTypeForced, orderTotal } from "./totals";

const base = { subtotal: 1000, fee: 80, no_fee: 0, discount_price: 100, area_type: 0, category_type: 0 };

describe("order total (SPEC §9)", () => {
  it("adds the fee, subtracts the discount, adds fee_extra and total_revise", () => {
    expect(orderTotal(base)).toBe(980);
    expect(orderTotal({ ...base, fee_extra: 30, total_revise: -10 })).toBe(1000);
  });

  it("drops the fee when no_fee is 1, the address is overseas, or the order is digital", () => {
    expect(applicableFee({ ...base, no_fee: 1 })).toBe(0);
    expect(applicableFee({ ...base, area_type: 1 })).toBe(0);
    expect(applicableFee({ ...base, category_type: 1 })).toBe(0);
    expect(orderTotal({ ...base, category_type: 1 })).toBe(900);
  });
});

describe("pay type (SPEC §9)", () => {
  it("forces 專戶匯款 (7) for overseas orders and zero totals", () => {
    expect(effectivePayType(1, 1, 500)).toBe(7);
    expect(effectivePayType(3, 0, 0)).toBe(7);
    expect(effectivePayType(3, 0, 500)).toBe(3);
    expect([isPayTypeForced(1, 500), isPayTypeForced(0, 0), isPayTypeForced(0, 1)]).toEqual([true, true, false]);
  });
});
