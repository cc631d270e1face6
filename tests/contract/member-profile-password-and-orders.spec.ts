// Profile update, password change and the member's orders.
// Operations: updateMemberProfile, changeMemberPassword, listMemberOrders, getMemberOrder.

import { checkoutPayload } from "../../app/features/checkout/checkout";
import { domesticOrder, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

const api = "/api/frontend";

test("the profile can be updated, the e-mail stays", async ({ request }) => {
  const { email, headers } = await registerMember(request);
  const data = { name: "陳書友", cellphone: "+886912345678", birthday: "1990-02-14", gender: 1 };
  const res = await request.put(`${api}/member/profile`, { headers, data });
  const body = await res.json();
  expectMatchesContract("/member/profile", "put", res.status(), body);
  expect(body.data).toMatchObject({ ...data, email });
  for (const bad of [
    { ...data, name: "" },
    { ...data, cellphone: "09-1234" },
    { ...data, birthday: "1990-02-30" },
    { ...data, birthday: "2999-01-01" },
    { ...data, gender: 3 },
    { name: "只有名字" },
  ]) {
    const refused = await request.put(`${api}/member/profile`, { headers, data: bad });
    expect(refused.status(), JSON.stringify(bad)).toBe(400);
    expect((await refused.json()).message).toMatch(/[\u4e00-\u9fff]/);
  }
});

test("changing the password needs the current one and ends the member's other sessions", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email, headers } = await registerMember(request, "Lotus2026");
  const other = await playwright.request.newContext({ baseURL });
  try {
    const login = await other.post(`${api}/member/login`, { data: { email, password: "Lotus2026" } });
    const otherToken: string | undefined = (await login.json()).data?.token;
    const otherHeaders = otherToken ? { Authorization: `Bearer ${otherToken}` } : undefined;
    expect((await other.get(`${api}/member/profile`, { headers: otherHeaders })).status()).toBe(200);

    const wrong = await request.post(`${api}/member/password`, {
      headers,
      data: { current_password: "Wrong2026", new_password: "Bodhi2027" },
    });
    expect(await wrong.json()).toEqual({ code: 2, message: "目前的密碼不正確" });
    const weak = await request.post(`${api}/member/password`, {
      headers,
      data: { current_password: "Lotus2026", new_password: "short1" },
    });
    expect((await weak.json()).code).toBe(2);

    const changed = await request.post(`${api}/member/password`, {
      headers,
      data: { current_password: "Lotus2026", new_password: "Bodhi2027" },
    });
    expectMatchesContract("/member/password", "post", changed.status(), await changed.json());
    expect(changed.status()).toBe(200);
    expect((await request.get(`${api}/member/profile`, { headers })).status()).toBe(200);
    expect((await other.get(`${api}/member/profile`, { headers: otherHeaders })).status()).toBe(401);
    const relogin = await request.post(`${api}/member/login`, { data: { email, password: "Bodhi2027" } });
    expect((await relogin.json()).code).toBe(1);
  } finally {
    await other.dispose();
  }
});

test("a placed order appears in the member's orders with its lines and details", async ({ request }) => {
  const { email, headers } = await registerMember(request);
  const quote = (
    await (
      await request.post(`${api}/cart/quote`, {
        data: { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] },
      })
    ).json()
  ).data;
  const order = { ...domesticOrder(email), fee: quote.fee, no_fee: quote.no_fee };
  const placed = (
    await (
      await request.post(`${api}/cart/checkout`, {
        headers,
        data: checkoutPayload(order, quote.lines, quote),
      })
    ).json()
  ).data;

  const list = await request.get(`${api}/member/orders`, { headers });
  const listBody = await list.json();
  expectMatchesContract("/member/orders", "get", 200, listBody);
  expect(listBody.data.items).toEqual([
    expect.objectContaining({ order_no: placed.order_no, status: 1, status_label: "訂單待確認", total: quote.total }),
  ]);

  const detail = await request.get(`${api}/member/orders/${placed.order_no}`, { headers });
  const detailBody = await detail.json();
  expectMatchesContract("/member/orders/{order_no}", "get", 200, detailBody);
  expect(detailBody.data.lines).toEqual(quote.lines);
  expect(detailBody.data.details).toMatchObject({ city: "臺北市", invoice_donation: "5617" });
});

test("another member's order is not found; a malformed number is code 2", async ({ request }) => {
  const { headers } = await registerMember(request);
  const foreign = await request.get(`${api}/member/orders/BK20250312-000001-7KQ3ZP`, { headers });
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()).code).toBe(4);
  const malformed = await request.get(`${api}/member/orders/12345`, { headers });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).code).toBe(2);
});

test("the demo member has an order history with SPEC's status labels", async ({ request }) => {
  const login = await request.post(`${api}/member/login`, {
    data: { email: "demo@example.com", password: "Demo1234" },
  });
  const token: string | undefined = (await login.json()).data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const orders = (await (await request.get(`${api}/member/orders`, { headers })).json()).data;
  expect(orders.total).toBeGreaterThanOrEqual(3);
  const labels = orders.items.map((o: { status_label: string }) => o.status_label);
  expect(labels).toEqual(expect.arrayContaining(["出貨完畢", "完成付款", "訂單待確認"]));
});
