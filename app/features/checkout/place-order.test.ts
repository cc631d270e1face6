import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { ApiError } from "~/lib/api/client";
import { amountsChanged, orderFailureMessage, orderRefused } from "./place-order";
import { AMOUNTS_CHANGED } from "./totals";

const reply = (code: number, message = "訊息") => new ApiError(message, code, 200);

describe("what a failed attempt to place the order means", () => {
  it("a refusal (bad input, no session, nothing found, a conflict) made no order: its key can go", () => {
    for (const code of [API_CODE.invalidInput, API_CODE.unauthenticated, API_CODE.notFound, API_CODE.conflict]) {
      expect(orderRefused(reply(code)), String(code)).toBe(true);
    }
  });

  it("a server error, a rate limit or no reply at all may hide an order: its key is kept", () => {
    expect(orderRefused(reply(API_CODE.serverError))).toBe(false);
    expect(orderRefused(reply(API_CODE.tooManyAttempts))).toBe(false);
    expect(orderRefused(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("a refusal for amounts no longer the quote's is told apart (the form then asks for the quote again)", () => {
    expect(amountsChanged(reply(API_CODE.invalidInput, AMOUNTS_CHANGED))).toBe(true);
    expect(amountsChanged(reply(API_CODE.invalidInput, "請填寫收件人"))).toBe(false);
    expect(amountsChanged(reply(API_CODE.serverError, AMOUNTS_CHANGED))).toBe(false);
    expect(amountsChanged(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("the server's message is shown as it is", () => {
    expect(orderFailureMessage(reply(API_CODE.invalidInput, "訂單金額已更新，請重新確認後再送出"))).toBe(
      "訂單金額已更新，請重新確認後再送出",
    );
  });

  it("a network failure does not claim the order was not sent, and says a second press makes no second order", () => {
    const message = orderFailureMessage(new TypeError("Failed to fetch"));
    expect(message).toContain("無法確認訂單是否已送出");
    expect(message).toContain("不會重複下單");
    expect(message).not.toContain("尚未送出");
  });
});
