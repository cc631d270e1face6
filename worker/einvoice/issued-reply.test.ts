import { describe, expect, it } from "vitest";
import { issueCheckCode } from "./check-code";
import { isoFromTaipei, readIssued } from "./issued-reply";

const merchant = {
  merchantId: "34661234",
  keys: { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" },
};
const order = { merchantOrderNo: "BK20261123_000042", totalAmt: 870 };
const now = new Date("2026-11-23T12:00:00Z");

async function result(changes: Record<string, unknown> = {}) {
  const signed = {
    InvoiceTransNo: "26112319053500001",
    MerchantID: merchant.merchantId,
    MerchantOrderNo: order.merchantOrderNo,
    RandomNum: "0420",
    TotalAmt: 870,
  };
  return {
    ...signed,
    InvoiceNumber: "EZ00000001",
    CreateTime: "2026-11-23 19:05:35",
    CheckCode: await issueCheckCode(signed, merchant.keys),
    ...changes,
  };
}

describe("isoFromTaipei", () => {
  it("reads ezPay's Taipei time as an instant, else the fallback", () => {
    expect(isoFromTaipei("2026-11-23 19:05:35", now)).toBe("2026-11-23T11:05:35.000Z");
    expect(isoFromTaipei("2026-01-01 03:00:00", now)).toBe("2025-12-31T19:00:00.000Z");
    for (const bad of ["", "2026-11-23T19:05:35", "2026-13-45 99:00:00", null, 5]) {
      expect(isoFromTaipei(bad, now), String(bad)).toBe(now.toISOString());
    }
  });
});

describe("readIssued", () => {
  it("believes a Result signed by the merchant's keys for this order and amount", async () => {
    expect(await readIssued(await result(), order, merchant, now)).toEqual({
      kind: "issued",
      invoice: {
        invoiceNumber: "EZ00000001",
        randomNum: "0420",
        invoiceTransNo: "26112319053500001",
        issuedAt: "2026-11-23T11:05:35.000Z",
      },
    });
    // TotalAmt as text, and the CheckCode in lower case, are the same.
    const text = await result({ TotalAmt: "870" });
    expect(await readIssued({ ...text, CheckCode: text.CheckCode.toLowerCase() }, order, merchant, now)).toMatchObject({
      kind: "issued",
    });
  });

  it("refuses a wrong CheckCode, or one signed under other keys", async () => {
    const good = await result();
    const flipped = `${good.CheckCode.slice(0, -1)}${good.CheckCode.endsWith("0") ? "1" : "0"}`;
    expect(await readIssued({ ...good, CheckCode: flipped }, order, merchant, now)).toEqual({
      kind: "anomaly",
      reason: "wrong CheckCode",
    });
    expect(await readIssued({ ...good, CheckCode: undefined }, order, merchant, now)).toMatchObject({
      kind: "anomaly",
    });
    const otherKeys = { ...merchant, keys: { ...merchant.keys, hashKey: "abcdefghijabcdefghijabcdefghij12" } };
    expect(await readIssued(good, order, otherKeys, now)).toEqual({ kind: "anomaly", reason: "wrong CheckCode" });
    // A signed field changed after signing.
    expect(await readIssued({ ...good, RandomNum: "0421" }, order, merchant, now)).toEqual({
      kind: "anomaly",
      reason: "wrong CheckCode",
    });
  });

  it("refuses another merchant's, order's or amount's invoice, and a Result without a number", async () => {
    expect(await readIssued(await result({ MerchantID: "999" }), order, merchant, now)).toMatchObject({
      kind: "anomaly",
      reason: "another merchant's invoice",
    });
    for (const changes of [{ MerchantOrderNo: "BK20261123_000043" }, { TotalAmt: 871 }]) {
      expect(await readIssued(await result(changes), order, merchant, now)).toMatchObject({
        reason: "another order's invoice or amount",
      });
    }
    for (const changes of [{ InvoiceNumber: "" }, { InvoiceNumber: "EZ123" }, { RandomNum: "42" }]) {
      expect(await readIssued(await result(changes), order, merchant, now), JSON.stringify(changes)).toMatchObject({
        kind: "anomaly",
      });
    }
  });
});
