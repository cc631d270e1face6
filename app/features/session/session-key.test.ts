import { describe, expect, it } from "vitest";
import { asSessionKey, sessionKeyOf } from "./session-key";

describe("sessionKeyOf", () => {
  it("is the first 16 hex characters of the token's SHA-256, never the token", async () => {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223…
    expect(await sessionKeyOf("abc")).toBe("ba7816bf8f01cfea");
  });

  it("is null without a token", async () => {
    expect(await sessionKeyOf(null)).toBeNull();
    expect(await sessionKeyOf("")).toBeNull();
  });
});

describe("asSessionKey", () => {
  it("takes only what sessionKeyOf writes", async () => {
    expect(asSessionKey(await sessionKeyOf("abc"))).toBe("ba7816bf8f01cfea");
    for (const other of [null, undefined, "", "BA7816BF8F01CFEA", "ba7816bf8f01cfe", "ba7816bf8f01cfea0", "<script>"]) {
      expect(asSessionKey(other)).toBeNull();
    }
  });
});
