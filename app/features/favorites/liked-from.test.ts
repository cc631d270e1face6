import { describe, expect, it } from "vitest";
import { likedFrom, likedHref } from "./liked-from";

describe("likedHref and likedFrom", () => {
  it("leads to the favourites tab of the like's type, and back to the page it came from", () => {
    expect(likedHref(0, "/product/1")).toBe("/member/favorites?tab=books&liked=%2Fproduct%2F1");
    expect(likedHref(1, "/author/2?page=2")).toBe("/member/favorites?tab=authors&liked=%2Fauthor%2F2%3Fpage%3D2");
    expect(likedHref(2, "/article/3")).toBe("/member/favorites?tab=articles&liked=%2Farticle%2F3");
    const url = new URL(likedHref(1, "/author/2?page=2"), "https://example.com");
    expect(likedFrom(url)).toBe("/author/2?page=2");
  });

  it("names no page without the parameter, and never one off the site", () => {
    expect(likedFrom(new URL("https://example.com/member/favorites"))).toBeNull();
    expect(likedFrom(new URL("https://example.com/member/favorites?liked=//evil.example"))).toBe("/");
    expect(likedFrom(new URL("https://example.com/member/favorites?liked=https://evil.example"))).toBe("/");
  });
});
