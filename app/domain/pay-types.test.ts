import { describe, expect, it } from "vitest";
import * as PAY_TYPE from "./pay-types";
import { PAY_TYPE_LABEL, payTypeLabel } from "./pay-types";

const labelled = (code: PAY_TYPE.PayType) => [code, PAY_TYPE_LABEL[code]];

describe("pay types of SPEC §4", () => {
  it("names each code and labels it as SPEC §4 does", () => {
    expect({
      creditCard: labelled(PAY_TYPE.creditCard),
      webAtm: labelled(PAY_TYPE.webAtm),
      linePay: labelled(PAY_TYPE.linePay),
      applePay: labelled(PAY_TYPE.applePay),
      unionPay: labelled(PAY_TYPE.unionPay),
      cashOnDelivery: labelled(PAY_TYPE.cashOnDelivery),
      transfer: labelled(PAY_TYPE.transfer),
    }).toEqual({
      creditCard: [1, "信用卡付款"],
      webAtm: [2, "WebATM轉帳"],
      linePay: [3, "LINE Pay"],
      applePay: [4, "Apple Pay"],
      unionPay: [5, "銀聯卡"],
      cashOnDelivery: [6, "貨到付款"],
      transfer: [7, "專戶匯款"],
    });
    expect(Object.keys(PAY_TYPE_LABEL)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
  });
  it("reads a pay type by number, blank for one SPEC §4 does not name", () => {
    expect(payTypeLabel(3)).toBe("LINE Pay");
    expect(payTypeLabel(0)).toBe("");
    expect(payTypeLabel(8)).toBe("");
  });
});
