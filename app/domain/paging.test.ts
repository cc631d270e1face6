import { describe, expect, it } from "vitest";
import { PAGE_MAX, parsePage } from "./paging";

describe("parsePage", () => {
  it("keeps whole pages from 1 to 1000 and falls back to 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(String(PAGE_MAX))).toBe(1000);
    for (const bad of [null, undefined, "", "0", "-2", "2.5", "abc", "1001", "5000", "99999999999", " 2"]) {
      expect(parsePage(bad), String(bad)).toBe(1);
    }
  });
});
