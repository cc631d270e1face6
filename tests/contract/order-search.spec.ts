// The guest order search (POST /order-search): the order number and the orderer's e-mail travel in a JSON body,
// never in the address, so no log, history, Referer or analytics service gets the e-mail from a URL. The seeded demo
// order BK20250312-000001-7KQ3ZP belongs to demo@example.com.

import { API as api } from "../support/fixtures";
import { contractAcceptsBody, contractHasOperation, expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

const ORDER_NO = "BK20250312-000001-7KQ3ZP";
const EMAIL = "demo@example.com";
const search = (data: unknown) => ({ data, headers: { "Content-Type": "application/json" } });

test("the contract's order search is a POST with a JSON body of order_no and email, and no GET", () => {
  expect(contractHasOperation("/order-search", "post")).toBe(true);
  expect(contractHasOperation("/order-search", "get")).toBe(false);
  expect(contractAcceptsBody("/order-search", "post", { order_no: ORDER_NO, email: EMAIL })).toBe(true);
  for (const body of [
    { order_no: ORDER_NO },
    { email: EMAIL },
    { order_no: "123", email: EMAIL },
    { order_no: ORDER_NO, email: "nope" },
    { order_no: ORDER_NO, email: EMAIL, extra: 1 },
  ]) {
    expect(contractAcceptsBody("/order-search", "post", body), JSON.stringify(body)).toBe(false);
  }
});

test("a guest finds an order by number and e-mail in the body; a wrong one of either is the same not-found", async ({
  request,
}) => {
  const found = await request.post(`${api}/order-search`, search({ order_no: ORDER_NO, email: "DEMO@example.com" }));
  const body = await found.json();
  expectMatchesContract("/order-search", "post", found.status(), body);
  expect(found.status()).toBe(200);
  expect(body.data).toMatchObject({ order_no: ORDER_NO, status_label: "出貨完畢" });
  // Surrounding spaces, as a pasted number or address may have.
  const spaced = await request.post(`${api}/order-search`, search({ order_no: ` ${ORDER_NO} `, email: ` ${EMAIL} ` }));
  expect((await spaced.json()).data.order_no).toBe(ORDER_NO);
  // Typed with an IME's full-width letters and signs, read as sign-in and checkout read it (tidyEmail).
  for (const typed of ["ＤＥＭＯ@example.com", "ｄｅｍｏ＠ｅｘａｍｐｌｅ．ｃｏｍ"]) {
    const wide = await request.post(`${api}/order-search`, search({ order_no: ORDER_NO, email: typed }));
    const wideBody = await wide.json();
    expect(wide.status(), typed).toBe(200);
    expect(wideBody.data.order_no, typed).toBe(ORDER_NO);
  }

  const wrongEmail = await request.post(
    `${api}/order-search`,
    search({ order_no: ORDER_NO, email: "other@example.com" }),
  );
  const wrongNumber = await request.post(
    `${api}/order-search`,
    search({ order_no: "BK20250312-000001-7KQ3ZQ", email: EMAIL }),
  );
  expect(wrongEmail.status()).toBe(404);
  expect(wrongNumber.status()).toBe(404);
  const notFound = await wrongEmail.json();
  expectMatchesContract("/order-search", "post", 404, notFound);
  expect(notFound).toEqual(await wrongNumber.json());
  expect(notFound.code).toBe(4);

  // Masked: nothing that locates the receiver, in any field.
  const text = JSON.stringify(body.data.details);
  for (const secret of ["0912345678", "23456789", "重慶南路", "臺北市", "中正區"]) expect(text).not.toContain(secret);
  expect(body.data.details).toMatchObject({ receiver: "林＊宜", cellphone: "0912＊＊＊678", invoice_donation: "5617" });
});

test("bad input is code 2 with a Chinese message, never a 500", async ({ request }) => {
  for (const data of [
    { order_no: "123", email: EMAIL },
    { order_no: "BK20250312-000001", email: EMAIL },
    { order_no: ORDER_NO, email: "nope" },
    { order_no: ORDER_NO },
    { order_no: ORDER_NO, email: EMAIL, extra: "x" },
    {},
    [],
    "BK20250312-000001-7KQ3ZP",
  ]) {
    const res = await request.post(`${api}/order-search`, search(data));
    expect(res.status(), JSON.stringify(data)).toBe(400);
    const body = await res.json();
    expectMatchesContract("/order-search", "post", 400, body);
    expect(body).toEqual({ code: 2, message: expect.stringMatching(/[\u3400-\u9fff]/) });
  }
});

test("the old GET with the e-mail in the query is no longer answered: 405, Allow: POST, and nothing found", async ({
  request,
}) => {
  const res = await request.get(`${api}/order-search`, { params: { order_no: ORDER_NO, email: EMAIL } });
  expect(res.status()).toBe(405);
  expect(res.headers().allow).toBe("POST");
  const body = await res.json();
  expect(body).toEqual({ code: 2, message: expect.stringMatching(/不支援/) });
  expect(JSON.stringify(body)).not.toContain(ORDER_NO);
});

test("a found order is never stored by any cache", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`${api}/order-search`, search({ order_no: ORDER_NO, email: EMAIL }));
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    expect(res.headers()["x-cache"]).toBeUndefined();
  }
});

test("a body that is not JSON, or comes from another site, is refused", async ({ request, baseURL }) => {
  test.skip(!baseURL?.includes("127.0.0.1"), "the storefront's worker checks these, not a bare API");
  const form = await request.post(`${api}/order-search`, { form: { order_no: ORDER_NO, email: EMAIL } });
  expect(form.status()).toBe(415);
  expect((await form.json()).code).toBe(2);
  const crossSite = await request.post(`${api}/order-search`, {
    data: { order_no: ORDER_NO, email: EMAIL },
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).code).toBe(2);
});
