import { describe, expect, it } from "vitest";
import { parseEnvelope } from "./envelope";

describe("parseEnvelope", () => {
  it("reads an envelope from trimmed JSON text", () => {
    expect(parseEnvelope('\n  {"code":1,"message":"成功","data":{"101":2}}  \n')).toEqual({
      code: 1,
      message: "成功",
      data: { "101": 2 },
    });
    expect(parseEnvelope('{"code":3}')).toEqual({ code: 3 });
  });

  it("keeps fields it does not know", () => {
    expect(parseEnvelope('{"code":5,"message":"忙碌","request_id":"r1"}')).toEqual({
      code: 5,
      message: "忙碌",
      request_id: "r1",
    });
  });

  it("is null for text that is not an envelope", () => {
    for (const text of [
      "",
      "   ",
      "<html>",
      "{",
      "null",
      "1",
      '"code"',
      "[1]",
      "{}",
      '{"code":"1"}',
      '{"message":"x"}',
    ]) {
      expect(parseEnvelope(text), text).toBeNull();
    }
  });

  it("drops a message that is not text", () => {
    expect(parseEnvelope('{"code":4,"message":{"zh":"找不到"}}')).toEqual({ code: 4, message: undefined });
  });
});
