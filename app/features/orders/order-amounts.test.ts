import { describe, expect, it } from "vitest";
import * as CATEGORY from "~/domain/categories";
import { orderAmountRows, signedPrice } from "./order-amounts";

const DOMESTIC = {
  subtotal: 1_280,
  fee: 80,
  no_fee: 1,
  discount_price: 100,
  fee_extra: 0,
  total_revise: 0,
  total: 1_180,
  coupon_code: "LOTUS100",
  area_type: 0,
  category_type: CATEGORY.physicalType,
};

describe("orderAmountRows", () => {
  it("lists every amount part of SPEC §9 in the order pages' words, the total last", () => {
    expect(orderAmountRows(DOMESTIC)).toEqual([
      ["商品小計", "NT$1,280"],
      ["運費", "NT$0", "（免運）"],
      ["折扣（折價券 LOTUS100）", "−NT$100"],
      ["海外運費", "NT$0"],
      ["金額調整", "NT$0"],
      ["訂單總額", "NT$1,180"],
    ]);
  });

  it("charges the fee when it applies, and signs the extra parts", () => {
    const rows = orderAmountRows({
      ...DOMESTIC,
      no_fee: 0,
      coupon_code: null,
      discount_price: 0,
      total_revise: -30,
      fee_extra: 300,
    });
    expect(rows.slice(1, 5)).toEqual([
      ["運費", "NT$80", undefined],
      ["折扣", "NT$0"],
      ["海外運費", "+NT$300"],
      ["金額調整", "−NT$30"],
    ]);
  });

  it("says why the fee is 0: 免運, or an overseas order's international shipping instead, or a digital order", () => {
    const overseas = orderAmountRows({ ...DOMESTIC, no_fee: 0, area_type: 1, fee_extra: 300 });
    expect(overseas[1]).toEqual(["運費", "NT$0", "（改計海外運費）"]);
    expect(overseas[3]).toEqual(["海外運費", "+NT$300"]);
    const digital = orderAmountRows({ ...DOMESTIC, no_fee: 0, category_type: CATEGORY.digitalType });
    expect(digital[1]).toEqual(["運費", "NT$0", "（數位商品免運）"]);
  });

  it("writes signed amounts", () => {
    expect([signedPrice(-100), signedPrice(30), signedPrice(0)]).toEqual(["−NT$100", "+NT$30", "NT$0"]);
  });
});
