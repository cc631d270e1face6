import { describe, expect, it } from "vitest";
import { pageHref, pageWindow } from "./pagination";

describe("pagination", () => {
  it("keeps the other parameters and drops page=1", () => {
    expect(pageHref("?sort=price_asc&page=3", 4)).toBe("?sort=price_asc&page=4");
    expect(pageHref("?sort=price_asc&page=3", 1)).toBe("?sort=price_asc");
    expect(pageHref("", 1)).toBe("?");
  });

  it("shows the ends and the neighbourhood with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
