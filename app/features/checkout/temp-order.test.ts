import { describe, expect, it } from "vitest";
import { checkoutPayload, defaultTempOrder } from "./checkout";
import {
  feeWaivedReason,
  forcedPayTypeNotice,
  forcedPayTypeReason,
  orderForPayload,
  type QuoteAmounts,
} from "./temp-order";

const quote: QuoteAmounts = {
  subtotal: 1200,
  fee: 80,
  no_fee: 1,
  discount_price: 100,
  fee_extra: 0,
  total_revise: 0,
  total: 1100,
  pay_type_forced: null,
};

describe("the temp order sent", () => {
  it("takes the quote's amounts and priced coupon, trims what was typed, and is 台灣 when domestic", () => {
    const draft = {
      ...defaultTempOrder(0),
      member_name: " 林靜宜 ",
      country: "日本",
      coupon_code: "TYPED-LATER",
      invoice_type: 3 as const,
      invoice_company_tax: " 10458574 ",
    };
    const order = orderForPayload(draft, quote, " WELCOME100 ");
    expect(order).toMatchObject({
      member_name: "林靜宜",
      country: "台灣",
      coupon_code: "WELCOME100",
      fee: 80,
      no_fee: 1,
      discount_price: 100,
      invoice_company_tax: "10458574",
    });
    const payload = checkoutPayload(order, [{ id: 1, quantity: 2, price_sale: 600 }], quote);
    expect(payload.total).toBe(1100);
  });

  it("keeps the chosen country of an overseas order", () => {
    expect(orderForPayload({ ...defaultTempOrder(0), area_type: 1, country: "日本" }, quote, "").country).toBe("日本");
  });
});

describe("what the form says about the amounts", () => {
  it("says why the shipping fee is waived", () => {
    expect(feeWaivedReason({ no_fee: 0, area_type: 0, category_type: 1 })).toBe("數位商品免運");
    expect(feeWaivedReason({ no_fee: 0, area_type: 1, category_type: 0 })).toBe("海外訂單另計國際運費");
    expect(feeWaivedReason({ no_fee: 1, area_type: 0, category_type: 0 })).toBe("滿 NT$1,000 免運");
    expect(feeWaivedReason({ no_fee: 0, area_type: 0, category_type: 0 })).toBeNull();
  });

  it("says why the pay type is 專戶匯款: overseas, or a total of 0", () => {
    expect(forcedPayTypeReason(1, 500)).toContain("海外訂單");
    expect(forcedPayTypeReason(0, 0)).toContain("金額為 0");
    expect(forcedPayTypeReason(0, 500)).toBeNull();
  });

  it("announces the change to 專戶匯款, and nothing while the reader chooses", () => {
    expect(forcedPayTypeNotice(1, 500)).toBe("海外訂單僅能以專戶匯款付款。");
    expect(forcedPayTypeNotice(0, 0)).toBe("訂單金額為 0，付款方式為專戶匯款。");
    expect(forcedPayTypeNotice(0, 500)).toBe("");
  });
});
