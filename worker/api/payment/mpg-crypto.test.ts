import { describe, expect, it } from "vitest";
import {
  decryptTradeInfo,
  encryptTradeInfo,
  isSignedTradeInfo,
  openTradeInfo,
  sameInConstantTime,
  sealTradeInfo,
  tradeShaOf,
} from "./mpg-crypto";

// NewebPay's published MPG example (PAYMENT.md).
const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };
const PLAIN =
  "MerchantID=3430112&RespondType=JSON&TimeStamp=1485232229&Version=1.4&MerchantOrderNo=S_1485232229&Amt=40&ItemDesc=UnitTest";
const TRADE_INFO =
  "ff91c8aa01379e4de621a44e5f11f72e4d25bdb1a18242db6cef9ef07d80b0165e476fd1d9acaa53170272c82d122961e1a0700a7427cfa1cf90db7f6d6593bbc93102a4d4b9b66d9974c13c31a7ab4bba1d4e0790f0cbbbd7ad64c6d3c8012a601ceaa808bff70f94a8efa5a4f984b9d41304ffd879612177c622f75f4214fa";
const TRADE_SHA = "EA0A6CC37F40C1EA5692E7CBB8AE097653DF3E91365E6A9CD7E91312413C7BB8";

describe("MPG TradeInfo and TradeSha", () => {
  it("reproduce NewebPay's published example bit for bit", async () => {
    expect(await encryptTradeInfo(PLAIN, keys)).toBe(TRADE_INFO);
    expect(await tradeShaOf(TRADE_INFO, keys)).toBe(TRADE_SHA);
    expect(await sealTradeInfo(PLAIN, keys)).toEqual({ TradeInfo: TRADE_INFO, TradeSha: TRADE_SHA });
    expect(await decryptTradeInfo(TRADE_INFO, keys)).toBe(PLAIN);
    expect(await openTradeInfo(TRADE_INFO, TRADE_SHA, keys)).toBe(PLAIN);
  });

  it("round-trip any text, Chinese and block-sized ones included", async () => {
    for (const text of [
      "",
      "a",
      "0123456789abcdef",
      "ItemDesc=覺林書房訂單 BK20261123-000001-ABCDEF&Amt=1134",
      "x".repeat(1000),
    ]) {
      const sealed = await sealTradeInfo(text, keys);
      expect(sealed.TradeInfo).toMatch(/^[0-9a-f]+$/);
      expect(sealed.TradeSha).toMatch(/^[0-9A-F]{64}$/);
      expect(await openTradeInfo(sealed.TradeInfo, sealed.TradeSha, keys)).toBe(text);
    }
  });

  it("refuse a tampered ciphertext by its signature, and unreadable ones when decrypting", async () => {
    const flipped = `${TRADE_INFO.slice(0, 10)}${TRADE_INFO[10] === "0" ? "1" : "0"}${TRADE_INFO.slice(11)}`;
    expect(await isSignedTradeInfo(flipped, TRADE_SHA, keys)).toBe(false);
    expect(await openTradeInfo(flipped, TRADE_SHA, keys)).toBeNull();
    // Signed with the right key but still not a valid ciphertext: the decryption says no, without throwing.
    for (const bad of [
      "",
      "zz",
      "abc",
      "00".repeat(15),
      "00".repeat(16),
      TRADE_INFO.slice(0, -32),
      TRADE_INFO.slice(2),
    ]) {
      expect(await openTradeInfo(bad, await tradeShaOf(bad, keys), keys), bad).toBeNull();
    }
    // Another key's signature does not pass.
    const other = { hashKey: "abcdefghijklmnopqrstuvwxyz123456", hashIv: "abcdefghijklmnop" };
    expect(await isSignedTradeInfo(TRADE_INFO, await tradeShaOf(TRADE_INFO, other), keys)).toBe(false);
    expect(await decryptTradeInfo(TRADE_INFO, other)).not.toBe(PLAIN);
  });

  it("accept the signature in either hex case and compare whole strings", async () => {
    expect(await isSignedTradeInfo(TRADE_INFO, TRADE_SHA.toLowerCase(), keys)).toBe(true);
    expect(sameInConstantTime("ABC", "ABC")).toBe(true);
    expect(sameInConstantTime("ABC", "ABD")).toBe(false);
    expect(sameInConstantTime("ABC", "ABCD")).toBe(false);
    expect(sameInConstantTime("", "")).toBe(true);
  });
});
