// Input that could make a schema's refinement or transform throw (new URL, Number, Date, decoding, prototype keys)
// is refused as input: HTTP 400, code 2, a Chinese message; never a 500.
// Named by what it checks, not by an operation: it covers inputs of many operation groups.

import { API as api, registerMember } from "../support/fixtures";
import { expect, test } from "../support/test";

const publicReads = [
  "/products/1e400",
  "/products/99999999999999999999",
  "/products/%",
  "/products?page=1e400",
  "/products?page=Infinity",
  "/products?page=%25",
  "/products?type_id=-0",
  "/news?type=%00",
  "/search?q=x&page=NaN",
  `/search?q=${"%25".repeat(60)}`,
  "/activities?when=%FF",
  "/articles?author_id=1.5",
];

for (const path of publicReads) {
  test(`GET ${path.slice(0, 60)} is code 2`, async ({ request }) => {
    const res = await request.get(`${api}${path}`);
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });
}

const memberWrites: [string, string, unknown][] = [
  ["PUT", "/member/profile", { name: "甲", cellphone: null, birthday: "9999-99-99", gender: null }],
  ["PUT", "/member/profile", { name: "甲", cellphone: null, birthday: "%", gender: null }],
  ["PUT", "/member/profile", { name: "甲", cellphone: null, birthday: "x".repeat(5000), gender: null }],
  ["POST", "/cart/cache", { constructor: 1 }],
  ["PUT", "/member/subscriptions", { topics: ["__proto__", "toString"] }],
];

for (const [method, path, data] of memberWrites) {
  test(`${method} ${path} ${JSON.stringify(data).slice(0, 50)} is code 2`, async ({ request }) => {
    const { headers } = await registerMember(request);
    const res = await request.fetch(`${api}${path}`, { method, headers, data });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });
}
