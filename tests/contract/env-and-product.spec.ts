// Contract tests: call the API and validate each reply against openapi/frontend.yaml.
// Runs against the built-in API in the test command; CONTRACT_BASE_URL points it at any other server.
// Operations: getEnv, getProduct, getRelatedProducts; and, for any path, the replies to an unknown endpoint and to
// a wrong method.

import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

const api = "/api/frontend";

test("GET /env matches the contract and lists the two charities", async ({ request }) => {
  const res = await request.get(`${api}/env`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expectMatchesContract("/env", "get", 200, body);
  expect(body.data.donation_charities).toEqual([
    { code: "5617", name: "財團法人人間文教基金會" },
    { code: "9283880", name: "財團法人宜蘭縣私立蘭陽仁愛之家" },
  ]);
  expect(body.data.pre_order_quantity_max).toBe(10);
});

test("GET /products/{id} matches the contract", async ({ request }) => {
  const res = await request.get(`${api}/products/1`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expectMatchesContract("/products/{id}", "get", 200, body);
  expect(body.code).toBe(1);
  expect(body.data.id).toBe(1);
  expect(body.data.price_sale).toBeLessThanOrEqual(body.data.price_list);
});

test("GET /products/{id}/related matches the contract and never lists the product itself", async ({ request }) => {
  const res = await request.get(`${api}/products/1/related?limit=5`);
  const body = await res.json();
  expectMatchesContract("/products/{id}/related", "get", 200, body);
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.data.length).toBeLessThanOrEqual(5);
  expect(body.data.map((p: { id: number }) => p.id)).not.toContain(1);
});

test("every seeded product of the first page validates", async ({ request }) => {
  for (let id = 1; id <= 20; id++) {
    const res = await request.get(`${api}/products/${id}`);
    expectMatchesContract("/products/{id}", "get", res.status(), await res.json());
  }
});

const badInputs: [string, number, number][] = [
  [`${api}/products/987654321`, 404, 4],
  [`${api}/products/987654321/related`, 404, 4],
  [`${api}/products/abc`, 400, 2],
  [`${api}/products/1%27%20OR%201=1`, 400, 2],
  [`${api}/products/%3Cscript%3E`, 400, 2],
  [`${api}/products/0`, 400, 2],
  [`${api}/products/99999999999999999999`, 400, 2],
  [`${api}/products/1/related?limit=0`, 400, 2],
  [`${api}/products/1/related?limit=abc`, 400, 2],
  [`${api}/products/1/related?limit=1000`, 400, 2],
];

for (const [url, status, code] of badInputs) {
  test(`bad input ${url} gets code ${code} and a message, never a 500`, async ({ request }) => {
    const res = await request.get(url);
    expect(res.status()).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ code, message: expect.stringMatching(/\S/) });
    const path = url.includes("/related") ? "/products/{id}/related" : "/products/{id}";
    expectMatchesContract(path, "get", status, body);
  });
}

test("an unknown endpoint answers code 4 in the envelope", async ({ request }) => {
  // A known path with a trailing slash is not that path (the router is exact): 404, not a 405 that allows GET.
  for (const path of [`${api}/no-such-endpoint`, `${api}/products/`, `${api}/products/1/`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.json()).toEqual({ code: 4, message: expect.stringMatching(/\S/) });
  }
});

test("a page without a form answers another method with 405 and Allow: GET, HEAD", async ({ request }) => {
  for (const [method, path] of [
    ["POST", "/member/logout"],
    ["DELETE", "/member/logout"],
    ["POST", "/product/1"],
    ["PUT", "/"],
  ] as const) {
    const res = await request.fetch(path, { method, headers: { "Sec-Fetch-Site": "same-origin" }, maxRedirects: 0 });
    expect(res.status(), `${method} ${path}`).toBe(405);
    expect(res.headers().allow, `${method} ${path}`).toBe("GET, HEAD");
    expect(res.headers()["content-type"]).toContain("text/html");
  }
});

test("a known endpoint asked with the wrong method answers 405 with code 2 and Allow", async ({ request }) => {
  for (const [method, path, allow] of [
    ["POST", `${api}/products/1`, "GET, HEAD"],
    ["DELETE", `${api}/env`, "GET, HEAD"],
    ["GET", `${api}/member/login`, "POST"],
    ["POST", `${api}/news`, "GET, HEAD"],
    ["DELETE", `${api}/articles/1`, "GET, HEAD"],
    ["GET", `${api}/member/recovery/code`, "POST"],
    ["GET", `${api}/member/oauth/exchange`, "POST"],
    ["POST", `${api}/member/subscriptions`, "GET, HEAD, PUT"],
    // The logout's GET ends the session, so HEAD (which must be safe) is not offered.
    ["POST", `${api}/member/logout`, "GET"],
  ] as const) {
    const res = await request.fetch(path, { method });
    expect(res.status(), `${method} ${path}`).toBe(405);
    expect(res.headers().allow).toBe(allow);
    expect(await res.json()).toEqual({ code: 2, message: expect.stringMatching(/不支援/) });
  }
});
