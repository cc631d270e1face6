import { describe, expect, it } from "vitest";
import { METHOD_FLAGS, methodFlag, needsGateway, tradeParams } from "./trade-info";

const trade = {
  merchantId: "MS_LOCAL",
  orderNo: "BK20261123-000042-7KQ3ZP",
  attempt: 2,
  amount: 1134,
  payType: 3,
  email: "reader@example.com",
  shopName: "覺林書房",
  origin: "https://books.example.tw",
  timestamp: 1_700_000_000,
};

describe("the trade sent to the gateway", () => {
  it.each([
    [1, "CREDIT"],
    [2, "WEBATM"],
    [3, "LINEPAY"],
    [4, "APPLEPAY"],
    [5, "UNIONPAY"],
    [7, "VACC"],
  ])("pay type %i sets %s=1 and no other method flag", (payType, flag) => {
    const params = tradeParams({ ...trade, payType });
    expect(params.get(flag)).toBe("1");
    expect(METHOD_FLAGS.filter((name) => params.has(name))).toEqual([flag]);
    expect(methodFlag(payType)).toBe(flag);
  });

  it.each([6, 0, 8, -1, 1.5, Number.NaN])("pay type %s has no flag and is refused", (payType) => {
    expect(methodFlag(payType)).toBeNull();
    expect(() => tradeParams({ ...trade, payType })).toThrow(/not paid through the gateway/);
    expect(needsGateway({ total: 100, pay_type: payType })).toBe(false);
  });

  it("carries the order, amount and absolute callbacks; CustomerURL only for VACC", () => {
    const params = tradeParams(trade);
    expect(Object.fromEntries(params)).toEqual({
      MerchantID: "MS_LOCAL",
      RespondType: "JSON",
      TimeStamp: "1700000000",
      Version: "2.0",
      MerchantOrderNo: "BK202611230000427KQ3ZP_2",
      Amt: "1134",
      ItemDesc: "覺林書房訂單 BK20261123-000042-7KQ3ZP",
      Email: "reader@example.com",
      ReturnURL: "https://books.example.tw/api/frontend/payment/newebpay/return",
      NotifyURL: "https://books.example.tw/api/frontend/payment/newebpay/notify",
      TradeLimit: "900",
      LINEPAY: "1",
    });
    const transfer = tradeParams({ ...trade, payType: 7 });
    expect(transfer.get("CustomerURL")).toBe("https://books.example.tw/api/frontend/payment/newebpay/customer");
    // 1_700_000_000 is 2023-11-15 06:13 in Taipei: the account stays open 3 days, to the end of the 18th.
    expect(transfer.get("ExpireDate")).toBe("20231118");
    expect(tradeParams({ ...trade, shopName: "書".repeat(60) }).get("ItemDesc")).toHaveLength(50);
  });

  it("needs the gateway only when something is left to pay by a gateway method", () => {
    expect(needsGateway({ total: 1, pay_type: 1 })).toBe(true);
    expect(needsGateway({ total: 0, pay_type: 7 })).toBe(false);
    expect(needsGateway({ total: 500, pay_type: 6 })).toBe(false);
    expect(needsGateway({ total: 500, pay_type: 7 })).toBe(true);
  });
});
