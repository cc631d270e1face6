import { describe, expect, it } from "vitest";
import { cleanSearchQuery, parseSearchSort, SEARCH_QUERY_MAX, searchHref, searchQueryCut } from "./search-query";

describe("cleanSearchQuery", () => {
  it("trims and treats missing or blank input as empty", () => {
    expect(cleanSearchQuery("  禪與生活 ")).toBe("禪與生活");
    expect(cleanSearchQuery("   ")).toBe("");
    expect(cleanSearchQuery(null)).toBe("");
    expect(cleanSearchQuery(undefined)).toBe("");
  });

  it("reads control characters as spaces: a query of nothing else is empty, as the API reads it", () => {
    expect(cleanSearchQuery("\u0000")).toBe("");
    expect(cleanSearchQuery("\u0000\u0001\t\u007f\u009f")).toBe("");
    expect(cleanSearchQuery("abc\u0000")).toBe("abc");
    expect(cleanSearchQuery("心經\u0000講記")).toBe("心經 講記");
  });

  it("cuts a long query to 50 characters", () => {
    const long = "禪".repeat(80);
    expect(cleanSearchQuery(long)).toBe("禪".repeat(SEARCH_QUERY_MAX));
    expect(cleanSearchQuery("書".repeat(50))).toHaveLength(50);
  });

  it("never splits a character outside the basic plane and stays within the API's limit", () => {
    const query = `${"書".repeat(49)}𠀋𠀋`;
    const cut = cleanSearchQuery(query);
    expect(cut).toBe("書".repeat(49));
    expect(cut.length).toBeLessThanOrEqual(SEARCH_QUERY_MAX);
  });

  it("trims a space left at the end by the cut", () => {
    expect(cleanSearchQuery(`${"a".repeat(49)} b`)).toBe("a".repeat(49));
  });
});

describe("searchQueryCut", () => {
  it("is true only when cleanSearchQuery had to cut (a link or bookmark longer than the box allows)", () => {
    expect(searchQueryCut(`八大人覺經講記${"。".repeat(45)}`)).toBe(true);
    expect(searchQueryCut("書".repeat(50))).toBe(false);
    // Spaces and control characters around it are not part of the query, as for the API.
    expect(searchQueryCut(`  ${"書".repeat(50)}\u0000 `)).toBe(false);
    expect(searchQueryCut(null)).toBe(false);
  });
});

describe("parseSearchSort", () => {
  it("keeps known orders and falls back to relevance", () => {
    expect(parseSearchSort("price_asc")).toBe("price_asc");
    expect(parseSearchSort("price_desc")).toBe("price_desc");
    expect(parseSearchSort("newest")).toBe("newest");
    expect(parseSearchSort("title")).toBe("relevance");
    expect(parseSearchSort(null)).toBe("relevance");
  });
});

describe("searchHref", () => {
  it("leaves defaults out of the URL", () => {
    expect(searchHref("禪")).toBe(`/search?q=${encodeURIComponent("禪")}`);
    expect(searchHref("a b", "price_asc", 2)).toBe("/search?q=a+b&sort=price_asc&page=2");
    expect(searchHref("x", "relevance", 1)).toBe("/search?q=x");
  });
});
