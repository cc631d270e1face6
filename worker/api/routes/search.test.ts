// GET /search and /search/suggestions through the built-in API on local D1: control characters in `q`, its length.
import { describe, expect, it } from "vitest";
import { cleanSearchQuery, SEARCH_QUERY_TOO_LONG } from "~/domain/search-query";
import { callApi, testD1 } from "../testing/d1-harness";

const d1 = testD1();
const get = async (path: string) => {
  const res = await callApi(d1.db, path);
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
};

describe("search with control characters in q", () => {
  for (const path of ["/search", "/search/suggestions"]) {
    it(`${path}: a NUL between words is a space, not a database error`, async () => {
      expect(await get(`${path}?q=a%00bcd`)).toMatchObject({ status: 200, body: { code: 1 } });
      expect(await get(`${path}?q=${encodeURIComponent("心經\u0000講記")}`)).toMatchObject({ status: 200 });
    });

    it(`${path}: nothing but control characters asks for a keyword`, async () => {
      expect(await get(`${path}?q=%00%01%00`)).toEqual({ status: 400, body: { code: 2, message: "請輸入搜尋關鍵字" } });
    });
  }
});

describe("the length of q, as the search page reads it", () => {
  const long = `八大人覺經講記${"。".repeat(45)}`;

  it("a query longer than the page's limit is refused in the words the page uses for it", async () => {
    expect(await get(`/search?q=${encodeURIComponent(long)}`)).toEqual({
      status: 400,
      body: { code: 2, message: SEARCH_QUERY_TOO_LONG },
    });
    expect(SEARCH_QUERY_TOO_LONG).toBe("搜尋關鍵字最多 50 個字");
  });

  it("the page's cut of it is accepted", async () => {
    expect(await get(`/search?q=${encodeURIComponent(cleanSearchQuery(long))}`)).toMatchObject({ status: 200 });
  });
});
