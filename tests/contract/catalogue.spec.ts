// The catalogue listing and the product-type tree.

import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

const api = "/api/frontend";

async function list(request: import("@playwright/test").APIRequestContext, query: string) {
  const res = await request.get(`${api}/products?${query}`);
  const body = await res.json();
  expectMatchesContract("/products", "get", res.status(), body);
  return { status: res.status(), body };
}

test("the default listing is a page of 24, newest first, with a consistent total", async ({ request }) => {
  const { body } = await list(request, "");
  expect(body.data.items).toHaveLength(24);
  expect(body.data).toMatchObject({ page: 1, per_page: 24 });
  expect(body.data.total).toBeGreaterThanOrEqual(500);
  expect(body.data.total_pages).toBe(Math.ceil(body.data.total / 24));
});

test("filters: e-books, new books, picks", async ({ request }) => {
  const ebooks = (await list(request, "format=2&per_page=60")).body.data;
  expect(ebooks.items.length).toBeGreaterThan(0);
  for (const p of ebooks.items) expect(p.format).toBe(2);
  const all = (await list(request, "per_page=1")).body.data.total;
  for (const query of ["is_new=1", "is_pick=1"]) {
    const page = (await list(request, `${query}&per_page=1`)).body.data;
    expect(page.total, query).toBeGreaterThan(0);
    expect(page.total, query).toBeLessThan(all);
  }
});

test("a top-level type lists the products of its children", async ({ request }) => {
  const res = await request.get(`${api}/product-types`);
  const tree = await res.json();
  expectMatchesContract("/product-types", "get", 200, tree);
  const root = tree.data.find((t: { children: unknown[] }) => t.children.length > 1);
  const child = root.children[0];
  expect(root.product_count).toBe(
    root.children.reduce((sum: number, c: { product_count: number }) => sum + c.product_count, 0),
  );
  expect((await list(request, `type_id=${root.id}&per_page=1`)).body.data.total).toBe(root.product_count);
  expect((await list(request, `type_id=${child.id}&per_page=1`)).body.data.total).toBe(child.product_count);
});

test("sorting by price, both ways, and by title", async ({ request }) => {
  const asc = (await list(request, "sort=price_asc&per_page=60")).body.data.items.map(
    (p: { price_sale: number }) => p.price_sale,
  );
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  const desc = (await list(request, "sort=price_desc&per_page=60")).body.data.items.map(
    (p: { price_sale: number }) => p.price_sale,
  );
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  expect((await list(request, "sort=title")).status).toBe(200);
});

test("pages do not overlap, and past the end is an empty page", async ({ request }) => {
  const one = (await list(request, "per_page=10&page=1")).body.data.items.map((p: { id: number }) => p.id);
  const two = (await list(request, "per_page=10&page=2")).body.data.items.map((p: { id: number }) => p.id);
  expect(one.filter((id: number) => two.includes(id))).toEqual([]);
  const past = (await list(request, "per_page=60&page=1000")).body.data;
  expect(past.items).toEqual([]);
  expect(past.total).toBeGreaterThan(0);
});

test("?ids= looks up those products: the ones that exist, in the order asked, on one page", async ({ request }) => {
  const some = (await list(request, "per_page=3&sort=title")).body.data.items.map((p: { id: number }) => p.id);
  const [a, b, c] = some as [number, number, number];
  const { body } = await list(request, `ids=${c},${a},987654321,${b},${a}&format=2&page=7&per_page=1`);
  // The filters and paging do not apply to a lookup; unknown ids are left out and a repeated id counts once.
  expect(body.data.items.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
  expect(body.data).toMatchObject({ page: 1, per_page: 4, total: 3, total_pages: 1 });
  const card = body.data.items[1];
  const detail = (await (await request.get(`${api}/products/${a}`)).json()).data;
  expect(card).toMatchObject({ id: a, title: detail.title, category_id: detail.category_id, cover: detail.cover });

  const unknown = (await list(request, "ids=987654321")).body.data;
  expect(unknown).toMatchObject({ items: [], total: 0, total_pages: 0 });
  const ids200 = Array.from({ length: 200 }, (_, i) => i + 1).join(",");
  expect((await list(request, `ids=${ids200}`)).body.data.items.length).toBeGreaterThan(100);
});

for (const query of [
  "ids=",
  "ids=abc",
  "ids=1,,2",
  "ids=0",
  "ids=1;DROP%20TABLE%20products",
  `ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(",")}`,
  "ids=9999999999999999",
  "format=5",
  "format=abc",
  "type_id=0",
  "type_id=1%20OR%201=1",
  "is_new=yes",
  "sort=random",
  "sort=price_asc;DROP%20TABLE%20products",
  "page=0",
  "page=1001",
  "per_page=61",
  "per_page=-1",
  "page=1.5",
]) {
  test(`bad listing query ${query.length > 40 ? `${query.slice(0, 40)}…` : query}: code 2 in Chinese`, async ({
    request,
  }) => {
    const res = await request.get(`${api}/products?${query}`);
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
}

for (const kind of ["authors", "publishers"] as const) {
  test(`${kind}: one of them, and their products`, async ({ request }) => {
    const one = await request.get(`${api}/${kind}/1`);
    const body = await one.json();
    expectMatchesContract(`/${kind}/{id}`, "get", one.status(), body);
    expect(body.data.id).toBe(1);
    const products = await request.get(`${api}/${kind}/1/products?per_page=60&sort=price_asc`);
    const page = await products.json();
    expectMatchesContract(`/${kind}/{id}/products`, "get", products.status(), page);
    expect(page.data.total).toBe(body.data.product_count);
    for (const p of page.data.items) {
      const detail = (await (await request.get(`${api}/products/${p.id}`)).json()).data;
      if (kind === "authors") expect(detail.contributors.map((c: { id: number }) => c.id)).toContain(1);
      else expect(detail.publisher.id).toBe(1);
    }
  });

  test(`${kind}: unknown is code 4, malformed is code 2`, async ({ request }) => {
    const unknown = await request.get(`${api}/${kind}/987654321`);
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).code).toBe(4);
    const unknownProducts = await request.get(`${api}/${kind}/987654321/products`);
    expect(unknownProducts.status()).toBe(404);
    for (const path of [`${kind}/abc`, `${kind}/1/products?sort=x`, `${kind}/1/products?page=0`]) {
      const res = await request.get(`${api}/${path}`);
      expect(res.status(), path).toBe(400);
      expect((await res.json()).code).toBe(2);
    }
  });
}

test("the country list has 249 countries, 台灣 first", async ({ request }) => {
  const res = await request.get(`${api}/countries`);
  const body = await res.json();
  expectMatchesContract("/countries", "get", res.status(), body);
  expect(body.data).toHaveLength(249);
  expect(body.data[0]).toMatchObject({ alpha2: "TW", name_zh_hant: "台灣", name_en: "Taiwan" });
});

const PAGES = [
  "about-cultural",
  "about-history",
  "about-milestone",
  "instructions-customer-service",
  "instructions-ebook",
  "instructions-faq",
  "instructions-group-buying",
  "privacy",
  "security",
  "terms-of-service",
];

test("every editorial page has a Chinese title and sections", async ({ request }) => {
  for (const slug of PAGES) {
    const res = await request.get(`${api}/pages/${slug}`);
    const body = await res.json();
    expectMatchesContract("/pages/{slug}", "get", res.status(), body);
    expect(body.data.title, slug).toMatch(/[\u4e00-\u9fff]/);
    expect(body.data.sections.length, slug).toBeGreaterThan(0);
  }
  const faq = (await (await request.get(`${api}/pages/instructions-faq`)).json()).data;
  expect(JSON.stringify(faq)).toContain("NT$1,000");
});

test("an unknown page is code 4", async ({ request }) => {
  for (const slug of ["nope", "..%2Fmembers", "PRIVACY"]) {
    const res = await request.get(`${api}/pages/${slug}`);
    expect(res.status(), slug).toBe(404);
    expect((await res.json()).code).toBe(4);
  }
});
