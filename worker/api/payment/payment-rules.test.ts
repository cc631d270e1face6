import { describe, expect, it } from "vitest";
import { canRetryPayment, payTimeIso, statusAfter, whyNoRetry } from "./payment-rules";

describe("payment outcomes", () => {
  it("SUCCESS pays orders awaiting payment or failed, nothing else", () => {
    expect(statusAfter(1, true)).toBe(5);
    expect(statusAfter(3, true)).toBe(5);
    for (const status of [2, 4, 5, 6, 7, 8, 9, 10]) expect(statusAfter(status, true), String(status)).toBeNull();
  });

  it("a failure fails only an order awaiting payment: never a paid one", () => {
    expect(statusAfter(1, false)).toBe(3);
    for (const status of [2, 3, 4, 5, 6, 7, 8, 9, 10]) expect(statusAfter(status, false), String(status)).toBeNull();
  });

  it("a retry is for failed orders paid by a gateway method other than 專戶匯款", () => {
    for (const pay_type of [1, 2, 3, 4, 5]) expect(canRetryPayment({ status: 3, pay_type, total: 100 })).toBe(true);
    expect(canRetryPayment({ status: 3, pay_type: 6, total: 100 })).toBe(false);
    expect(canRetryPayment({ status: 3, pay_type: 7, total: 100 })).toBe(false);
    expect(canRetryPayment({ status: 3, pay_type: 1, total: 0 })).toBe(false);
    for (const status of [1, 2, 4, 5, 6]) expect(canRetryPayment({ status, pay_type: 1, total: 100 })).toBe(false);
    expect(whyNoRetry({ status: 5, pay_type: 1, total: 100 })).toBe("這張訂單已完成付款");
    expect(whyNoRetry({ status: 3, pay_type: 7, total: 100 })).toMatch(/專戶匯款/);
  });

  it("reads NewebPay's PayTime as Taipei time", () => {
    expect(payTimeIso("2026-11-23 19:05:35")).toBe("2026-11-23T19:05:35+08:00");
    expect(payTimeIso(null)).toBeNull();
    expect(payTimeIso("soon")).toBe("soon");
  });
});
