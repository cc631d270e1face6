import { describe, expect, it } from "vitest";
import { sessionKeyOf } from "./session-key.server";

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
