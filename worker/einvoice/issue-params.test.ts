import { describe, expect, it } from "vitest";
import { decodeIssueParams, encodeIssueParams, openIssueParams, rawUrlEncode, sealIssueParams } from "./issue-params";
import { decryptPostData, openPostData } from "./post-data";

const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };

describe("CarrierNum, encoded as ezPay's PHP sample does", () => {
  it("rawUrlEncode is PHP's rawurlencode", () => {
    expect(rawUrlEncode("/AB+1234")).toBe("%2FAB%2B1234");
    expect(rawUrlEncode("AB12345678901234")).toBe("AB12345678901234");
    expect(rawUrlEncode("a b~-._!*'()")).toBe("a%20b~-._%21%2A%27%28%29");
  });

  it("arrives encoded twice in the parameter text: a barcode's / and + as %252F and %252B", () => {
    const text = encodeIssueParams({ MerchantOrderNo: "BK20261123_000042", CarrierType: "0", CarrierNum: "/AB+1234" });
    expect(text).toBe("MerchantOrderNo=BK20261123_000042&CarrierType=0&CarrierNum=%252FAB%252B1234");
  });

  it("leaves the text as plain form encoding when there is no CarrierNum", () => {
    expect(encodeIssueParams({ LoveCode: "919", PrintFlag: "N" })).toBe("LoveCode=919&PrintFlag=N");
  });

  it("decodes back to the barcode on the stand-in's side, through PostData_", async () => {
    const params = { MerchantOrderNo: "BK20261123_000042", CarrierType: "0", CarrierNum: "/AB+1234" };
    const postData = await sealIssueParams(params, keys);
    expect(await decryptPostData(postData, keys)).toBe(encodeIssueParams(params));
    expect(Object.fromEntries((await openIssueParams(postData, keys)) ?? [])).toEqual(params);
    // Decoded once only, as for any other call, the barcode would still be encoded.
    expect((await openPostData(postData, keys))?.get("CarrierNum")).toBe("%2FAB%2B1234");
    expect(await openIssueParams(postData.slice(2), keys)).toBeNull();
  });

  it("refuses a CarrierNum that is not valid percent-encoding once decoded", () => {
    expect(decodeIssueParams("CarrierNum=%25E0%25A4%25A")).toBeNull();
    // A client that encoded it once only: `/` and `+` survive the second decoding unchanged.
    expect(decodeIssueParams("CarrierNum=%2FAB%2B1234")?.get("CarrierNum")).toBe("/AB+1234");
  });
});
