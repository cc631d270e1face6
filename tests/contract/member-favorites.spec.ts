// GET /member/favorites: the member's liked books, authors and articles with their card fields, newest like first.

import { API, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

test("a guest is asked to sign in (code 3), whatever the type", async ({ request }) => {
  for (const query of ["type=0", "type=9"]) {
    const res = await request.get(`${API}/member/favorites?${query}`);
    const body = await res.json();
    expectMatchesContract("/member/favorites", "get", res.status(), body);
    expect(res.status()).toBe(401);
    expect(body.code).toBe(3);
  }
});

test("a type other than 0, 1 or 2 is code 2 with a Chinese message", async ({ request }) => {
  const { headers } = await registerMember(request);
  for (const query of ["type=3", "type=x", "type=-1", "type=0.5", ""]) {
    const res = await request.get(`${API}/member/favorites?${query}`, { headers });
    const body = await res.json();
    expectMatchesContract("/member/favorites", "get", res.status(), body);
    expect(res.status(), query).toBe(400);
    expect(body).toEqual({ code: 2, message: "type 只能是 0（書）、1（作者）或 2（文章）" });
  }
});

test("a fresh member's likes of each type come with their card fields, most recently liked first", async ({
  request,
}) => {
  const { headers } = await registerMember(request);
  const articles = (await (await request.get(`${API}/articles?per_page=2`)).json()).data.items as { id: number }[];
  const [newer, older] = articles.map((article) => article.id) as [number, number];
  const likes: [number, number][] = [
    [0, 5],
    [1, 3],
    [0, 2],
    [2, older],
    [0, 7],
    [1, 1],
    [2, newer],
  ];
  for (const [type, id] of likes) {
    const res = await request.post(`${API}/member/favorites`, { headers, data: { type, id, status: 1 } });
    expect((await res.json()).code).toBe(1);
  }

  const fetchType = async (type: number, query = "") => {
    const res = await request.get(`${API}/member/favorites?type=${type}${query}`, { headers });
    const body = await res.json();
    expectMatchesContract("/member/favorites", "get", res.status(), body);
    expect(body.code).toBe(1);
    return body.data;
  };

  const books = await fetchType(0);
  expect(books.type).toBe(0);
  expect(books.items.map((item: { product: { id: number } }) => item.product.id)).toEqual([7, 2, 5]);
  expect(books).toMatchObject({ page: 1, total: 3, total_pages: 1 });
  const product = (await (await request.get(`${API}/products/7`)).json()).data;
  expect(books.items[0]).toMatchObject({
    type: 0,
    product: { id: 7, title: product.title, price_sale: product.price_sale, cover: { url: product.cover.url } },
  });
  expect(Date.parse(books.items[0].liked_at)).toBeGreaterThanOrEqual(Date.parse(books.items[1].liked_at));

  const authors = await fetchType(1);
  expect(authors.items.map((item: { author: { id: number } }) => item.author.id)).toEqual([1, 3]);
  const author = (await (await request.get(`${API}/authors/1`)).json()).data;
  expect(authors.items[0].author).toEqual({ id: 1, name: author.name });

  const liked = await fetchType(2);
  expect(liked.items.map((item: { article: { id: number } }) => item.article.id)).toEqual([newer, older]);
  expect(liked.items[0].article).toMatchObject({ id: newer, published_at: expect.any(String) });

  // Paged, and a removed like leaves the list.
  const second = await fetchType(0, "&per_page=2&page=2");
  expect(second).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
  expect(second.items.map((item: { product: { id: number } }) => item.product.id)).toEqual([5]);
  await request.post(`${API}/member/favorites`, { headers, data: { type: 0, id: 2, status: 0 } });
  expect((await fetchType(0)).items.map((item: { product: { id: number } }) => item.product.id)).toEqual([7, 5]);
});

test("a member with no likes gets an empty page", async ({ request }) => {
  const { headers } = await registerMember(request);
  const res = await request.get(`${API}/member/favorites?type=1`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/favorites", "get", res.status(), body);
  expect(body.data).toEqual({ type: 1, items: [], page: 1, per_page: 10, total: 0, total_pages: 0 });
});
