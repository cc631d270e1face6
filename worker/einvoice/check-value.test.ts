import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkForm, checkValueOf, isCheckValue } from "./check-value";
import { sealPostData } from "./post-data";

const keys = { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" };

describe("the checks' CheckValue", () => {
  it("is the upper-case SHA-256 of HashKey=<key>&<PostData_>&HashIV=<iv>", async () => {
    const postData = await sealPostData({ TimeStamp: 1_764_000_000, CellphoneBarcode: "/AB+1234" }, keys);
    const expected = createHash("sha256")
      .update(`HashKey=${keys.hashKey}&${postData}&HashIV=${keys.hashIv}`)
      .digest("hex")
      .toUpperCase();
    expect(await checkValueOf(postData, keys)).toBe(expected);
    expect(await isCheckValue(postData, expected, keys)).toBe(true);
    expect(await isCheckValue(postData, expected.toLowerCase(), keys)).toBe(true);
    expect(await isCheckValue(`${postData}00`, expected, keys)).toBe(false);
    expect(await isCheckValue(postData, expected, { ...keys, hashKey: "abcdefghijklmnopqrstuvwxyz123456" })).toBe(
      false,
    );
  });

  it("goes in the check's form beside PostData_, Version 1.0 and RespondType JSON", async () => {
    const form = await checkForm("34661234", "abcd", keys);
    expect(Object.fromEntries(form)).toEqual({
      MerchantID_: "34661234",
      PostData_: "abcd",
      Version: "1.0",
      RespondType: "JSON",
      CheckValue: await checkValueOf("abcd", keys),
    });
  });
});
