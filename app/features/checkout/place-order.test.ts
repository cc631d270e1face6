import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { ApiError } from "~/lib/api/client";
import { amountsChanged, linesMayBeStale, orderFailureMessage, orderRefused } from "./place-order";
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

  it("a refusal that may come from out-of-date lines (sold out; an e-book held meanwhile) has them asked again", () => {
    expect(linesMayBeStale(reply(API_CODE.conflict))).toBe(true);
    expect(linesMayBeStale(reply(API_CODE.invalidInput, "《與雲相遇》已在您的書櫃，不需再次購買"))).toBe(true);
    for (const code of [API_CODE.unauthenticated, API_CODE.notFound, API_CODE.serverError]) {
      expect(linesMayBeStale(reply(code)), String(code)).toBe(false);
    }
    expect(linesMayBeStale(new TypeError("Failed to fetch"))).toBe(false);
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

  it("a server failure keeps SPEC §8's 未知錯誤(code), and says the order may exist and a second press is safe", () => {
    // A proxy's 502 page: no envelope, so the client's fallback message with the HTTP status.
    const proxyPage = new ApiError("未知錯誤(502)", API_CODE.serverError, 502);
    expect(orderFailureMessage(proxyPage)).toBe(
      "未知錯誤(502)。訂單可能已成立，也可能尚未成立。內容不變再按一次「送出訂單」，不會重複下單。",
    );
    // The API's own code-5 reply, with its message.
    expect(orderFailureMessage(new ApiError("系統忙碌，請稍後再試。", API_CODE.serverError, 500))).toBe(
      "系統忙碌，請稍後再試。訂單可能已成立，也可能尚未成立。內容不變再按一次「送出訂單」，不會重複下單。",
    );
    // Whatever the code, a 5xx status did not say whether the order was taken.
    expect(orderFailureMessage(new ApiError("未知錯誤(504)", 0, 504))).toContain("不會重複下單");
    // …and the key such a reply leaves behind is kept, as for a network failure.
    expect(orderRefused(proxyPage)).toBe(false);
  });

  it("a refusal, or a rate limit, says only the server's words", () => {
    expect(orderFailureMessage(reply(API_CODE.conflict, "庫存不足"))).toBe("庫存不足");
    expect(orderFailureMessage(new ApiError("操作太頻繁", API_CODE.tooManyAttempts, 429))).toBe("操作太頻繁");
  });
});
