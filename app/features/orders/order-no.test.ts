import { describe, expect, it } from "vitest";
import { formatOrderNo, isOrderNo, merchantOrderNo, orderNoRandomPart, readOrderNo } from "./order-no";

describe("order numbers", () => {
  it("read BK, the date, the sequence and a random part", () => {
    const no = formatOrderNo(new Date("2026-11-23T15:00:00Z"), 42, "7KQ3ZP");
    expect(no).toBe("BK20261123-000042-7KQ3ZP");
    expect(isOrderNo(no)).toBe(true);
    expect(isOrderNo("BK20261123-000042")).toBe(false);
    expect(isOrderNo(formatOrderNo(new Date("2026-11-23T00:00:00Z"), 1_234_567, "ABCDEF"))).toBe(true);
  });

  it("carry the date in Taiwan, where a day starts 8 hours before UTC's", () => {
    expect(formatOrderNo(new Date("2026-11-23T15:59:59Z"), 1, "ABCDEF")).toBe("BK20261123-000001-ABCDEF");
    expect(formatOrderNo(new Date("2026-11-23T16:00:00Z"), 1, "ABCDEF")).toBe("BK20261124-000001-ABCDEF");
  });

  it("have a random part of 6 unambiguous characters that varies", () => {
    const parts = new Set(Array.from({ length: 200 }, () => orderNoRandomPart()));
    expect(parts.size).toBeGreaterThan(195);
    for (const part of parts) expect(part).toMatch(/^[2-9A-HJKMNP-TW-Z]{6}$/);
  });

  it("use every character of the alphabet without bias from rejected bytes", () => {
    // A source that gives only bytes past the last full multiple of 29 must be skipped, never mapped.
    let calls = 0;
    const source = (bytes: Uint8Array) => {
      calls += 1;
      return bytes.fill(calls === 1 ? 255 : 0);
    };
    expect(orderNoRandomPart(source)).toBe("222222");
    expect(calls).toBe(2);
  });

  it("become a MerchantOrderNo NewebPay accepts: letters, digits, _ and at most 30", () => {
    const no = merchantOrderNo("BK20261123-000042-7KQ3ZP", 12);
    expect(no).toBe("BK202611230000427KQ3ZP_12");
    expect(no).toMatch(/^[A-Za-z0-9_]{1,30}$/);
    expect(merchantOrderNo("BK20261123-999999999-7KQ3ZP", 99).length).toBeLessThanOrEqual(30);
  });

  it("are read as typed or pasted: full-width forms and any hyphen as ASCII, no spaces around, in capitals", () => {
    const no = "BK20261128-000008-BF8WZJ";
    expect(readOrderNo("ＢＫ２０２６１１２８－０００００８－ＢＦ８ＷＺＪ")).toBe(no);
    expect(readOrderNo(`\u3000 ${no.toLowerCase()} \n`)).toBe(no);
    for (const dash of ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212", "\ufe63", "\uff0d"]) {
      expect(readOrderNo(no.replaceAll("-", dash))).toBe(no);
    }
    expect(isOrderNo(readOrderNo("ｂｋ２０２６１１２８－０００００８－ｂｆ８ｗｚｊ"))).toBe(true);
    // Nothing is cut or dropped: a number with a character too many stays wrong.
    expect(readOrderNo(`${no}X`)).toBe(`${no}X`);
    expect(isOrderNo(readOrderNo(`${no}X`))).toBe(false);
  });
});
