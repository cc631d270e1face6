import { createDecipheriv } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptPostData, encodeParams, ezpayForm, openPostData, sealPostData } from "./post-data";

const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };
const params = {
  RespondType: "JSON",
  Version: "1.5",
  TimeStamp: 1_764_000_000,
  MerchantOrderNo: "BK20261123_000042",
  ItemName: "金剛經講記|運費",
  Comment: "a&b=c d",
};

/** An independent AES-256-CBC/PKCS7 decryption (Node's OpenSSL), to check the hex against. */
function opensslDecrypt(hex: string): string {
  const decipher = createDecipheriv("aes-256-cbc", keys.hashKey, keys.hashIv);
  return Buffer.concat([decipher.update(Buffer.from(hex, "hex")), decipher.final()]).toString("utf8");
}

describe("PostData_", () => {
  it("is the form-encoded parameters, in order, encrypted as lower-case hex that OpenSSL decrypts", async () => {
    const text = encodeParams(params);
    expect(text).toBe(
      "RespondType=JSON&Version=1.5&TimeStamp=1764000000&MerchantOrderNo=BK20261123_000042" +
        "&ItemName=%E9%87%91%E5%89%9B%E7%B6%93%E8%AC%9B%E8%A8%98%7C%E9%81%8B%E8%B2%BB&Comment=a%26b%3Dc+d",
    );
    const postData = await sealPostData(params, keys);
    expect(postData).toMatch(/^(?:[0-9a-f]{32})+$/);
    expect(opensslDecrypt(postData)).toBe(text);
  });

  it("opens back into the same parameters, and refuses what does not decrypt under these keys", async () => {
    const postData = await sealPostData(params, keys);
    const opened = await openPostData(postData, keys);
    expect(Object.fromEntries(opened ?? [])).toEqual({ ...params, TimeStamp: "1764000000" });
    expect(await decryptPostData(postData.slice(0, -2), keys)).toBeNull();
    expect(await openPostData("not hex", keys)).toBeNull();
    expect(await openPostData(postData, { ...keys, hashKey: "abcdefghijklmnopqrstuvwxyz123456" })).toBeNull();
  });

  it("is posted with the merchant id as MerchantID_ and PostData_", () => {
    expect(ezpayForm("34661234", "abcd").toString()).toBe("MerchantID_=34661234&PostData_=abcd");
  });
});
