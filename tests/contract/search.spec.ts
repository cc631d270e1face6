// Search: trigram full text for 3+ characters, substring fallback for shorter words, suggestions while typing.

import { expectMatchesContract } from "../support/openapi";
import { type APIRequestContext, expect, test } from "../support/test";

const api = "/api/frontend";

async function search(request: APIRequestContext, q: string, extra = "") {
  const res = await request.get(`${api}/search?q=${encodeURIComponent(q)}${extra}`);
  const body = await res.json();
  expectMatchesContract("/search", "get", res.status(), body);
  return body.data as { items: { id: number; title: string }[]; total: number };
}

test("a book's exact title finds it first", async ({ request }) => {
  const book = (await (await request.get(`${api}/products/1`)).json()).data;
  const found = await search(request, book.title);
  expect(found.items[0]?.title).toBe(book.title);
});

test("an author's name finds their books; an ISBN finds its book", async ({ request }) => {
  const book = (await (await request.get(`${api}/products/1`)).json()).data;
  const author = book.contributors[0].name as string;
  const byAuthor = await search(request, author, "&per_page=60");
  expect(byAuthor.items.map((p) => p.id)).toContain(1);
  const byIsbn = await search(request, book.isbn);
  expect(byIsbn.items.map((p) => p.id)).toEqual([1]);
});

test("one- and two-character words match as substrings, and every word must match", async ({ request }) => {
  const zen = await search(request, "禪", "&per_page=10");
  expect(zen.total).toBeGreaterThan(0);
  for (const p of zen.items) {
    const book = (await (await request.get(`${api}/products/${p.id}`)).json()).data;
    const text = [
      book.title,
      book.subtitle,
      book.isbn,
      book.publisher?.name,
      ...book.contributors.map((c: { name: string }) => c.name),
    ].join(" ");
    expect(text, `product ${p.id}`).toContain("禪");
  }
  const two = await search(request, "慈悲");
  expect(two.total).toBeGreaterThan(0);
  const both = await search(request, "禪 慈悲");
  expect(both.total).toBeLessThanOrEqual(Math.min(zen.total, two.total));
});

test("台 and 臺 find each other", async ({ request }) => {
  const official = await search(request, "臺南的");
  const everyday = await search(request, "台南的");
  expect(official.total).toBeGreaterThan(0);
  expect(everyday.total).toBe(official.total);
});

test("nothing found is an empty page, not an error", async ({ request }) => {
  const none = await search(request, "完全不存在的書名字串");
  expect(none).toMatchObject({ items: [], total: 0, total_pages: 0 });
});

test("suggestions group books, authors and publishers", async ({ request }) => {
  const res = await request.get(`${api}/search/suggestions?q=${encodeURIComponent("文化")}&limit=3`);
  const body = await res.json();
  expectMatchesContract("/search/suggestions", "get", res.status(), body);
  expect(body.data.publishers.map((p: { name: string }) => p.name)).toContain("法雨文化");
  expect(body.data.publishers.length).toBeLessThanOrEqual(3);
});

for (const q of [
  '" OR 1=1 --',
  "title:*",
  "NEAR(a b)",
  "%_%",
  "<script>alert(1)</script>",
  "'; DROP TABLE products; --",
]) {
  test(`a query with syntax in it (${q}) is just text`, async ({ request }) => {
    const res = await request.get(`${api}/search?q=${encodeURIComponent(q)}`);
    expect(res.status()).toBe(200);
    expectMatchesContract("/search", "get", 200, await res.json());
  });
}

for (const [label, query] of <[string, string][]>[
  ["no q", ""],
  ["blank q", "q=%20%20"],
  ["q over 50 characters", `q=${"書".repeat(51)}`],
  ["per_page 0", "q=禪&per_page=0"],
  ["limit 11 on suggestions", "q=禪&limit=11"],
  ["an unknown sort", "q=禪&sort=cheapest"],
]) {
  test(`bad search (${label}): code 2 in Chinese`, async ({ request }) => {
    const path = label.includes("suggestions") ? "/search/suggestions" : "/search";
    const res = await request.get(`${api}${path}?${query}`);
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
}

test("results can be ordered by price or date; ties keep relevance", async ({ request }) => {
  for (const [sort, key, direction] of [
    ["price_asc", "price_sale", 1],
    ["price_desc", "price_sale", -1],
  ] as const) {
    const res = await request.get(`${api}/search?q=${encodeURIComponent("生活")}&sort=${sort}&per_page=60`);
    const body = await res.json();
    expectMatchesContract("/search", "get", res.status(), body);
    const values: number[] = body.data.items.map((p: Record<string, number>) => p[key]);
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort((a, b) => direction * (a - b)));
  }
  const newest = await request.get(`${api}/search?q=${encodeURIComponent("生活")}&sort=newest&per_page=5`);
  const ids = (await newest.json()).data.items.map((p: { id: number }) => p.id);
  const dates: string[] = [];
  for (const id of ids) dates.push((await (await request.get(`${api}/products/${id}`)).json()).data.published_on);
  expect(dates).toEqual([...dates].sort().reverse());
});

test("a long query still gets suggestions (no LIKE pattern limit)", async ({ request }) => {
  const q = "佛".repeat(30);
  const res = await request.get(`${api}/search/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status()).toBe(200);
  expectMatchesContract("/search/suggestions", "get", 200, await res.json());
});

test("台 and 臺 find each other in one-character searches too", async ({ request }) => {
  const a = (await (await request.get(`${api}/search?q=${encodeURIComponent("台")}&per_page=1`)).json()).data;
  const b = (await (await request.get(`${api}/search?q=${encodeURIComponent("臺")}&per_page=1`)).json()).data;
  expect(a.total).toBe(b.total);
  expect(a.total).toBeGreaterThan(0);
});

test("short words alone search the title, contributors and publisher together (the plain-text fallback)", async ({
  request,
}) => {
  const product = (await (await request.get(`${api}/products/1`)).json()).data;
  const words = [
    [...product.title].slice(0, 2).join(""),
    [...product.contributors[0].name].slice(0, 2).join(""),
    [...(product.publisher?.name ?? product.title)].slice(0, 2).join(""),
  ];
  const res = await request.get(`${api}/search?q=${encodeURIComponent(words.join(" "))}&per_page=60`);
  const body = await res.json();
  expectMatchesContract("/search", "get", res.status(), body);
  expect(body.data.items.map((p: { id: number }) => p.id)).toContain(1);
});
