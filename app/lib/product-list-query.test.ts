import { describe, expect, it } from "vitest";
import { listTitle } from "./list-query";
import { apiListQuery, canonicalListPath, changedListHref, parseListQuery } from "./product-list-query";

describe("product listing query", () => {
  it("reads valid values", () => {
    expect(parseListQuery("?sort=price_asc&format=3&page=4&per_page=48", { formats: true })).toEqual({
      sort: "price_asc",
      format: 3,
      page: 4,
      perPage: 48,
    });
  });

  it("falls back to the defaults for anything malformed", () => {
    const defaults = { sort: "newest", format: undefined, page: 1, perPage: 24 };
    expect(parseListQuery("", { formats: true })).toEqual(defaults);
    expect(parseListQuery("?sort=bogus&page=abc&format=9&per_page=1000", { formats: true })).toEqual(defaults);
    expect(parseListQuery("?page=1.5&format=2x&per_page=-24", { formats: true })).toEqual(defaults);
    expect(parseListQuery("?page=0&format=0&sort=PRICE_ASC", { formats: true })).toEqual(defaults);
    expect(parseListQuery("?page=-3", { formats: true }).page).toBe(1);
  });

  it("reads a page the API does not serve as the first page, as every listing does", () => {
    expect(parseListQuery("?page=1000", { formats: true }).page).toBe(1000);
    expect(parseListQuery("?page=5000", { formats: true }).page).toBe(1);
    expect(parseListQuery("?page=99999999999", { formats: true }).page).toBe(1);
  });

  it("ignores the format on a listing without the format filter", () => {
    expect(parseListQuery("?format=1", { formats: false }).format).toBeUndefined();
  });

  it("asks the API for exactly the chosen values", () => {
    expect(apiListQuery({ sort: "title", page: 2, perPage: 60 })).toEqual({ sort: "title", page: 2, per_page: 60 });
    expect(apiListQuery({ sort: "title", format: 4, page: 1, perPage: 24 })).toEqual({
      sort: "title",
      page: 1,
      per_page: 24,
      format: 4,
    });
  });

  it("keeps the format and a later page in the canonical path, not the sort or page size", () => {
    const path = "/product/new-books";
    expect(canonicalListPath(path, { sort: "price_desc", page: 1, perPage: 48 })).toBe(path);
    expect(canonicalListPath(path, { sort: "newest", format: 2, page: 3, perPage: 24 })).toBe(
      `${path}?format=2&page=3`,
    );
  });

  it("titles later pages with their number", () => {
    expect(listTitle("新書上架", 1)).toBe("新書上架");
    expect(listTitle("新書上架", 2)).toBe("新書上架（第 2 頁）");
  });

  it("changes one parameter and goes back to page 1", () => {
    expect(changedListHref("?sort=title&page=3", { format: "2" })).toBe("?sort=title&format=2");
    expect(changedListHref("?format=2&page=3", { format: undefined })).toBe("?");
  });
});
