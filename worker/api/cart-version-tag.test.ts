import { describe, expect, it } from "vitest";
import { cartVersionTag, versionsNamedBy } from "./cart-version-tag";

describe("the saved cart's version as an entity tag", () => {
  it("writes a strong tag and reads it back", () => {
    expect(cartVersionTag(0)).toBe('"0"');
    expect(versionsNamedBy(cartVersionTag(42))).toEqual([42]);
  });

  it("names no version without the header or with *", () => {
    expect(versionsNamedBy(undefined)).toBeNull();
    expect(versionsNamedBy(" * ")).toBeNull();
  });

  it("reads a list, and leaves out weak and foreign tags (strong comparison)", () => {
    expect(versionsNamedBy('"3", W/"4" ,"5"')).toEqual([3, 5]);
    expect(versionsNamedBy('W/"4"')).toEqual([]);
    expect(versionsNamedBy('"abc", 7, "", "-1", "01"')).toEqual([]);
  });
});
