import { describe, expect, it } from "vitest";
import { sha256Bytes, sha256Hex } from "./sha256";

describe("sha256", () => {
  it("hashes the UTF-8 of the text (FIPS 180-2's 'abc', and Chinese text)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("書")).toHaveLength(64);
    expect((await sha256Bytes("abc"))[0]).toBe(0xba);
  });
});
