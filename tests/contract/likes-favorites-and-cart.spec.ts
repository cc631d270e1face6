// Likes, favourites, the saved cart and the cart summary (SPEC §7), against the contract.
// Operations: getMemberLikes, updateMemberFavorite, getCartCache, saveCartCache, getCartSummary.

import { registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { type APIRequestContext, expect, test } from "../support/test";

const api = "/api/frontend";

/** A fresh member of its own, so tests do not disturb each other or the demo member. */
const newMember = async (request: APIRequestContext) => (await registerMember(request)).headers;

test("favourites add and remove; likes list them by type", async ({ request }) => {
  const headers = await newMember(request);
  const empty = await request.get(`${api}/member/likes`, { headers });
  const emptyBody = await empty.json();
  expectMatchesContract("/member/likes", "get", 200, emptyBody);
  expect(emptyBody.data).toEqual([
    { type: 0, items: [] },
    { type: 1, items: [] },
    { type: 2, items: [] },
  ]);

  for (const data of [
    { type: 0, id: 2, status: 1 },
    { type: 1, id: 1, status: 1 },
    { type: 0, id: 2, status: 1 },
  ]) {
    const res = await request.post(`${api}/member/favorites`, { headers, data });
    expectMatchesContract("/member/favorites", "post", res.status(), await res.json());
    expect(res.status()).toBe(200);
  }
  let likes = (await (await request.get(`${api}/member/likes`, { headers })).json()).data;
  expect(likes).toEqual([
    { type: 0, items: [2] },
    { type: 1, items: [1] },
    { type: 2, items: [] },
  ]);
  await request.post(`${api}/member/favorites`, { headers, data: { type: 0, id: 2, status: 0 } });
  likes = (await (await request.get(`${api}/member/likes`, { headers })).json()).data;
  expect(likes[0]).toEqual({ type: 0, items: [] });
});

test("favouriting something that does not exist is code 4", async ({ request }) => {
  const headers = await newMember(request);
  const res = await request.post(`${api}/member/favorites`, { headers, data: { type: 0, id: 987654321, status: 1 } });
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ code: 4, message: "找不到這本書" });
});

for (const data of [
  { type: 3, id: 1, status: 1 },
  { type: 0, id: "1", status: 1 },
  { type: 0, id: 1, status: 2 },
  {},
]) {
  test(`favourite body ${JSON.stringify(data)} is code 2`, async ({ request }) => {
    const headers = await newMember(request);
    const res = await request.post(`${api}/member/favorites`, { headers, data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
}

test("the saved cart round-trips and is per member", async ({ request }) => {
  const headers = await newMember(request);
  const first = await request.get(`${api}/cart/cache`, { headers });
  const firstBody = await first.json();
  expectMatchesContract("/cart/cache", "get", 200, firstBody);
  expect(firstBody.data).toEqual({});
  const save = await request.post(`${api}/cart/cache`, { headers, data: { "1": 2, "12": 1 } });
  expectMatchesContract("/cart/cache", "post", 200, await save.json());
  expect((await (await request.get(`${api}/cart/cache`, { headers })).json()).data).toEqual({ "1": 2, "12": 1 });
  const other = await newMember(request);
  expect((await (await request.get(`${api}/cart/cache`, { headers: other })).json()).data).toEqual({});
});

test("a save names the version it was made over: a save over a cart changed since is refused and writes nothing", async ({
  request,
}) => {
  const headers = await newMember(request);
  const tagOf = (res: { headers: () => Record<string, string> }) => res.headers().etag ?? "(no ETag)";
  const empty = await request.get(`${api}/cart/cache`, { headers });
  const seen = tagOf(empty);
  expect(seen).toBe('"0"');
  // Device A saves over what it saw; device B, which saw the same, then saves over it: refused.
  const a = await request.post(`${api}/cart/cache`, { headers: { ...headers, "If-Match": seen }, data: { "1": 1 } });
  expect(a.status()).toBe(200);
  const afterA = tagOf(a);
  expect(afterA).toMatch(/^"[1-9][0-9]*"$/);
  expect(afterA).not.toBe(seen);
  const b = await request.post(`${api}/cart/cache`, { headers: { ...headers, "If-Match": seen }, data: { "3": 2 } });
  const refusal = await b.json();
  expectMatchesContract("/cart/cache", "post", 412, refusal);
  expect(b.status()).toBe(412);
  expect(refusal.code).toBe(6);
  expect(refusal.message).toMatch(/其他裝置/);
  const now = await request.get(`${api}/cart/cache`, { headers });
  expect((await now.json()).data).toEqual({ "1": 1 });
  expect(tagOf(now)).toBe(afterA);
  // B, having loaded again, saves over the current version; a weak or foreign tag never matches; `*` and no
  // If-Match at all save unconditionally (clients that do not keep the version).
  const merged = await request.post(`${api}/cart/cache`, {
    headers: { ...headers, "If-Match": `"999", ${afterA}` },
    data: { "1": 1, "3": 2 },
  });
  expect(merged.status()).toBe(200);
  for (const tag of [`W/${tagOf(merged)}`, "abc"]) {
    const res = await request.post(`${api}/cart/cache`, { headers: { ...headers, "If-Match": tag }, data: {} });
    expect(res.status(), tag).toBe(412);
  }
  expect((await (await request.get(`${api}/cart/cache`, { headers })).json()).data).toEqual({ "1": 1, "3": 2 });
  for (const extra of [{ "If-Match": "*" }, {}] as Record<string, string>[]) {
    const res = await request.post(`${api}/cart/cache`, { headers: { ...headers, ...extra }, data: { "12": 1 } });
    expect(res.status()).toBe(200);
  }
  // A save over version 0 is a first save only: once the cart exists, it is stale.
  const overNone = await request.post(`${api}/cart/cache`, { headers: { ...headers, "If-Match": '"0"' }, data: {} });
  expect(overNone.status()).toBe(412);
  const fresh = await newMember(request);
  const overMissing = await request.post(`${api}/cart/cache`, {
    headers: { ...fresh, "If-Match": '"5"' },
    data: { "1": 1 },
  });
  expect(overMissing.status()).toBe(412);
  expect((await (await request.get(`${api}/cart/cache`, { headers: fresh })).json()).data).toEqual({});
});

for (const data of [{ abc: 1 }, { "1": 0 }, { "1": 1.5 }, { "1": "2" }, [1, 2]]) {
  test(`cart ${JSON.stringify(data)} is refused with code 2`, async ({ request }) => {
    const headers = await newMember(request);
    const res = await request.post(`${api}/cart/cache`, { headers, data });
    expect(res.status()).toBe(400);
    expect((await res.json()).code).toBe(2);
  });
}

test("cart summary gives current facts for known items and leaves unknown ones out, for guests too", async ({
  request,
}) => {
  const res = await request.post(`${api}/cart/summary`, { data: { id_list: [3, 1, 987654321, 1] } });
  const body = await res.json();
  expectMatchesContract("/cart/summary", "post", 200, body);
  expect(body.data.map((i: { id: number }) => i.id)).toEqual([1, 3]);
  const product = (await (await request.get(`${api}/products/1`)).json()).data;
  expect(body.data[0]).toEqual({
    id: 1,
    quantity_max: product.quantity_max,
    category_id: product.category_id,
    is_pre_order: product.is_pre_order,
    price_sale: product.price_sale,
    readmoo_link: product.readmoo_link,
  });
  for (const bad of [{ id_list: "1,2" }, { id_list: [1, "x"] }, {}]) {
    const refused = await request.post(`${api}/cart/summary`, { data: bad });
    expect(refused.status(), JSON.stringify(bad)).toBe(400);
  }
  const zero = await request.post(`${api}/cart/summary`, { data: { id_list: [0] } });
  expect(await zero.json()).toEqual({ code: 2, message: "id_list 的商品編號必須是正整數" });
});

test("likes, favourites and the saved cart need a session", async ({ request }) => {
  for (const [method, path] of [
    ["GET", "/member/likes"],
    ["POST", "/member/favorites"],
    ["GET", "/cart/cache"],
    ["POST", "/cart/cache"],
  ] as const) {
    const res = await request.fetch(`${api}${path}`, { method, data: method === "POST" ? {} : undefined });
    expect(res.status(), path).toBe(401);
    expect((await res.json()).code).toBe(3);
  }
});

test("the demo member has seeded likes and a saved cart", async ({ request }) => {
  const login = await request.post(`${api}/member/login`, {
    data: { email: "demo@example.com", password: "Demo1234" },
  });
  const token: string | undefined = (await login.json()).data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  expect((await (await request.get(`${api}/cart/cache`, { headers })).json()).data).toEqual({ "1": 2, "3": 1 });
  const likes = (await (await request.get(`${api}/member/likes`, { headers })).json()).data;
  expect(likes[0].items).toEqual([1, 3, 5]);
  const recipients = await request.get(`${api}/member/recipients`, { headers });
  const recipientsBody = await recipients.json();
  expectMatchesContract("/member/recipients", "get", recipients.status(), recipientsBody);
  expect(
    recipientsBody.data.map((r: { area_type: number; is_default: boolean }) => [r.area_type, r.is_default]),
  ).toEqual([
    [0, true],
    [1, false],
  ]);
});
