import { describe, expect, it } from "vitest";
import { overwriteAll } from "./overwrite-bytes";

const utf8 = (text: string) => new TextEncoder().encode(text);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("overwriteAll", () => {
  it("overwrites every occurrence and leaves the rest, multi-byte text included", () => {
    const bytes = utf8('<script nonce="AAAA">書</script><style nonce="AAAA">覺林</style>AAAA');
    expect(overwriteAll(bytes, utf8("AAAA"), utf8("b+/="))).toBe(3);
    expect(text(bytes)).toBe('<script nonce="b+/=">書</script><style nonce="b+/=">覺林</style>b+/=');
  });

  it("finds occurrences after a partial match, at the very end, and none in an empty or shorter input", () => {
    const bytes = utf8("xxAxABxAB");
    expect(overwriteAll(bytes, utf8("AB"), utf8("CD"))).toBe(2);
    expect(text(bytes)).toBe("xxAxCDxCD");
    expect(overwriteAll(utf8(""), utf8("AB"), utf8("CD"))).toBe(0);
    expect(overwriteAll(utf8("A"), utf8("AB"), utf8("CD"))).toBe(0);
  });

  it("does not overlap matches, and refuses strings of different lengths", () => {
    const bytes = utf8("AAA");
    expect(overwriteAll(bytes, utf8("AA"), utf8("BB"))).toBe(1);
    expect(text(bytes)).toBe("BBA");
    expect(() => overwriteAll(bytes, utf8("A"), utf8("BB"))).toThrow(RangeError);
  });
});

describe("overwriteAll with a pivot byte other than the first", () => {
  it("finds a string whose first bytes are lowercase, at the start, in the middle and at the end", () => {
    const bytes = utf8("abX9 .. abX9 abY abX");
    expect(overwriteAll(bytes, utf8("abX9"), utf8("QQQQ"))).toBe(2);
    expect(text(bytes)).toBe("QQQQ .. QQQQ abY abX");
    const allLower = utf8("zz abc abd abc");
    expect(overwriteAll(allLower, utf8("abc"), utf8("XYZ"))).toBe(2);
    expect(text(allLower)).toBe("zz XYZ abd XYZ");
  });
});
