// GET /search and /search/suggestions through the built-in API on local D1: control characters in `q`.
import { describe, expect, it } from "vitest";
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
