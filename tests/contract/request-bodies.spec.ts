// Every operation that takes a JSON body, read from the contract itself: one with no body at all is refused (never
// read as an empty object), and one with a field the contract does not have is refused naming it (every request
// schema is closed: additionalProperties false). Both are code 2 with a Chinese message, and nothing is written.

import { API as api, registerMember } from "../support/fixtures";
import { contractDescription, jsonWriteOperations } from "../support/openapi";
import { expect, test } from "../support/test";

const operations = jsonWriteOperations();
/** A path of the contract with its parameters filled in (a recipient that is not the member's: never reached). */
const concrete = (path: string) => path.replace("{id}", "1");

test("the contract's JSON writes are the ones this test walks", () => {
  expect(operations.length).toBeGreaterThanOrEqual(18);
  for (const { method, path, example } of operations) expect(example, `${method} ${path}`).toBeDefined();
});

test("a JSON write with no body is refused with code 2, and the saved cart is not emptied", async ({ request }) => {
  const { headers } = await registerMember(request);
  await request.post(`${api}/cart/cache`, { headers, data: { "1": 2 } });
  for (const { method, path } of operations) {
    const res = await request.fetch(`${api}${concrete(path)}`, { method: method.toUpperCase(), headers });
    const body = await res.json();
    expect(res.status(), `${method} ${path}: ${body.message}`).toBe(400);
    expect(body, `${method} ${path}`).toEqual({ code: 2, message: "請求內容是空的：這項操作需要 JSON 內容" });
  }
  expect((await (await request.get(`${api}/cart/cache`, { headers })).json()).data).toEqual({ "1": 2 });
});

test("the contract says what the API does with no body at all: 400 where a body is needed, not 415", () => {
  const words = contractDescription().replace(/\s+/g, " ");
  expect(words).toContain("A write with no body at all (no body and no type) is not a body of the wrong type");
  expect(words).toContain("請求內容是空的：這項操作需要 JSON 內容");
});

test("only application/json is JSON: a +json type or another charset is 415, with or without a member", async ({
  request,
}) => {
  const { headers } = await registerMember(request);
  await request.post(`${api}/cart/cache`, { headers, data: { "1": 2 } });
  for (const type of [
    "application/json-patch+json",
    "application/merge-patch+json",
    "application/json; charset=utf-16",
  ]) {
    const res = await request.post(`${api}/cart/cache`, {
      headers: { ...headers, "Content-Type": type },
      data: JSON.stringify({ "1": 5 }),
    });
    expect(res.status(), type).toBe(415);
    expect(await res.json(), type).toEqual({
      code: 2,
      message: "請求內容必須是 JSON（Content-Type: application/json）",
    });
  }
  const plain = await request.post(`${api}/cart/cache`, {
    headers: { ...headers, "Content-Type": "application/json; charset=UTF-8" },
    data: JSON.stringify({ "1": 3 }),
  });
  expect((await plain.json()).code).toBe(1);
  expect((await (await request.get(`${api}/cart/cache`, { headers })).json()).data).toEqual({ "1": 3 });
});

test("a JSON write with a field the contract does not have is refused naming it", async ({ request }) => {
  const { headers } = await registerMember(request);
  for (const { method, path, example } of operations) {
    // The saved cart's keys are item ids: an unknown one is refused by the id rule (likes-favorites-and-cart.spec).
    if (path === "/cart/cache") continue;
    const data = { ...(example as object), zzz_extra: true };
    const res = await request.fetch(`${api}${concrete(path)}`, { method: method.toUpperCase(), headers, data });
    const body = await res.json();
    expect(res.status(), `${method} ${path}: ${body.message}`).toBe(400);
    expect(body, `${method} ${path}`).toEqual({ code: 2, message: "不接受的欄位：zzz_extra" });
  }
  // Inside a line of an order too (CheckoutItem is closed).
  const quote = await request.post(`${api}/cart/quote`, {
    data: { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1, price: 1 }] },
  });
  expect(quote.status()).toBe(400);
  expect((await quote.json()).message).toBe("不接受的欄位：price");
});
