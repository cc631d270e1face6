// Contract tests of /sitemap and /sitemap/{kind}: every public item is listed exactly once.

import { API as api } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

test("the summary counts every kind and the chunks list every id once", async ({ request }) => {
  const res = await request.get(`${api}/sitemap`);
  const body = await res.json();
  expectMatchesContract("/sitemap", "get", res.status(), body);
  expect(body.data.map((k: { kind: string }) => k.kind)).toEqual([
    "products",
    "authors",
    "publishers",
    "news",
    "activities",
    "articles",
  ]);
  const products = (await (await request.get(`${api}/products?per_page=1`)).json()).data.total;
  expect(body.data[0]).toMatchObject({ total: products, chunk_size: 5000, chunks: Math.ceil(products / 5000) });

  for (const { kind, total, chunks } of body.data) {
    const ids = new Set<number>();
    for (let page = 1; page <= chunks; page++) {
      const chunk = await request.get(`${api}/sitemap/${kind}?page=${page}`);
      const chunkBody = await chunk.json();
      expectMatchesContract("/sitemap/{kind}", "get", chunk.status(), chunkBody);
      for (const item of chunkBody.data.items) ids.add(item.id);
    }
    expect(ids.size, kind).toBe(total);
  }
  const past = (await (await request.get(`${api}/sitemap/news?page=999`)).json()).data;
  expect(past.items).toEqual([]);
});

for (const [url, status] of [
  ["/sitemap/members", 400],
  ["/sitemap/products?page=0", 400],
  ["/sitemap/products?page=abc", 400],
  ["/sitemap/%27%20OR%201%3D1", 400],
] as const) {
  test(`bad input ${url} is code 2`, async ({ request }) => {
    const res = await request.get(`${api}${url}`);
    expect(res.status()).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expectMatchesContract("/sitemap/{kind}", "get", status, body);
  });
}
