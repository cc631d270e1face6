import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isIssueCheckCode, issueCheckCode } from "./check-code";

const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };
const result = {
  InvoiceTransNo: "26112312345678901",
  MerchantID: "34661234",
  MerchantOrderNo: "BK20261123_000042",
  RandomNum: "0142",
  TotalAmt: 630,
};

describe("the issue reply's CheckCode", () => {
  it("is the upper-case SHA-256 of the five fields in alphabetical order between HashIV and HashKey", async () => {
    const text =
      "HashIV=1234567890123456&InvoiceTransNo=26112312345678901&MerchantID=34661234" +
      "&MerchantOrderNo=BK20261123_000042&RandomNum=0142&TotalAmt=630&HashKey=12345678901234567890123456789012";
    const expected = createHash("sha256").update(text).digest("hex").toUpperCase();
    expect(await issueCheckCode(result, keys)).toBe(expected);
    expect(await issueCheckCode({ ...result, TotalAmt: "630" }, keys)).toBe(expected);
  });

  it("verifies its own code in either hex case, and refuses any change to a field, the keys or the code", async () => {
    const code = await issueCheckCode(result, keys);
    expect(await isIssueCheckCode(result, code, keys)).toBe(true);
    expect(await isIssueCheckCode(result, code.toLowerCase(), keys)).toBe(true);
    for (const changed of [
      { ...result, InvoiceTransNo: "26112312345678902" },
      { ...result, MerchantID: "34661235" },
      { ...result, MerchantOrderNo: "BK20261123_000043" },
      { ...result, RandomNum: "0143" },
      { ...result, TotalAmt: 631 },
    ]) {
      expect(await isIssueCheckCode(changed, code, keys)).toBe(false);
    }
    expect(await isIssueCheckCode(result, code, { ...keys, hashIv: "6543210987654321" })).toBe(false);
    expect(await isIssueCheckCode(result, `${code.slice(0, -1)}0`, keys)).toBe(code.endsWith("0"));
    expect(await isIssueCheckCode(result, "", keys)).toBe(false);
  });
});
