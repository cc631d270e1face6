import { describe, expect, it } from "vitest";
import { canRetryPayment, MAX_ATTEMPTS, payTimeIso, whyNoRetry } from "./payment-rules";

const none = { live: false, accountIssued: false, attempts: 1 };
const live = { live: true, accountIssued: false, attempts: 1 };

describe("when a payment may be asked for again", () => {
  it("after a failure, for every gateway method, a transfer included, up to the attempts' cap", () => {
    for (const pay_type of [1, 2, 3, 4, 5, 7])
      expect(canRetryPayment({ status: 3, pay_type, total: 100 }, none)).toBe(true);
    expect(whyNoRetry({ status: 3, pay_type: 1, total: 100 }, { ...none, attempts: MAX_ATTEMPTS })).toMatch(
      /已嘗試 5 次/,
    );
  });

  it("while an attempt may still be paid: the same form again, also at status 1", () => {
    expect(canRetryPayment({ status: 1, pay_type: 1, total: 100 }, live)).toBe(true);
    expect(canRetryPayment({ status: 3, pay_type: 1, total: 100 }, live)).toBe(true);
    expect(whyNoRetry({ status: 1, pay_type: 1, total: 100 }, none)).toMatch(/確認中/);
  });

  it("never for an issued transfer account, 貨到付款, nothing to pay, a paid or an ended order", () => {
    expect(whyNoRetry({ status: 1, pay_type: 7, total: 100 }, { ...live, accountIssued: true })).toMatch(/轉帳資訊/);
    expect(whyNoRetry({ status: 3, pay_type: 6, total: 100 }, none)).toMatch(/貨到付款/);
    expect(whyNoRetry({ status: 3, pay_type: 1, total: 0 }, none)).toBe("這張訂單不需付款");
    expect(whyNoRetry({ status: 5, pay_type: 1, total: 100 }, live)).toBe("這張訂單已完成付款");
    expect(whyNoRetry({ status: 4, pay_type: 1, total: 100 }, live)).toBe("這張訂單已完成付款");
    for (const status of [2, 6, 7]) expect(whyNoRetry({ status, pay_type: 1, total: 100 }, live)).toMatch(/已結束/);
  });

  it("reads NewebPay's PayTime as Taipei time", () => {
    expect(payTimeIso("2026-11-23 19:05:35")).toBe("2026-11-23T19:05:35+08:00");
    expect(payTimeIso(null)).toBeNull();
    expect(payTimeIso("soon")).toBeNull();
  });
});
