// What an order's detail must carry for a client to read it by SPEC alone (issue: seeded orders and area_type).
// Operations: getMemberOrder, searchOrder.
// - area_type (0 domestic, 1 overseas): SPEC §9's total removes the fee for overseas orders, and the detail answers
//   the fee before that rule, so without area_type a client cannot tell 850 = 550 + 300 from a wrong total.
// - The demo member's seeded paid orders answer their payment and their issued invoice, as the contract says a paid
//   order that totals more than 0 does (scripts/seed/seeded-orders.test.ts checks the seed's rows themselves).

import { applicableFee, orderTotal } from "../../app/features/checkout/totals";
import { domesticOrder } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";
import { overseasOrder, placeOrder } from "./support/payments";

const api = "/api/frontend";

test("an order's detail names its area_type, and SPEC §9's total follows from its parts", async ({ request }) => {
  for (const [draft, areaType] of [
    [overseasOrder, 1],
    [(email: string) => ({ ...domesticOrder(email), pay_type: 3 }), 0],
  ] as const) {
    const placed = await placeOrder(request, draft);
    const res = await request.get(`${api}/member/orders/${placed.order_no}`, { headers: placed.headers });
    const body = await res.json();
    expectMatchesContract("/member/orders/{order_no}", "get", 200, body);
    const order = body.data;
    expect(order.area_type, placed.order_no).toBe(areaType);
    if (areaType === 1) {
      expect(order).toMatchObject({ fee: 80, fee_extra: 300 });
      expect(applicableFee(order)).toBe(0);
    }
    expect(order.total).toBe(orderTotal(order));

    // The guest's order search answers the same schema, area_type included.
    const searched = await request.post(`${api}/order-search`, {
      data: { order_no: placed.order_no, email: placed.email },
    });
    const searchBody = await searched.json();
    expectMatchesContract("/order-search", "post", 200, searchBody);
    expect(searchBody.data.area_type).toBe(areaType);
  }
});

test("the demo member's paid orders show their payment and their issued invoice", async ({ request }) => {
  const login = await request.post(`${api}/member/login`, {
    data: { email: "demo@example.com", password: "Demo1234" },
  });
  const token: string | undefined = (await login.json()).data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  for (const orderNo of ["BK20250312-000001-7KQ3ZP", "BK20250820-000002-XW4N8D", "BK20260915-000004-9RDKAE"]) {
    const res = await request.get(`${api}/member/orders/${orderNo}`, { headers });
    const body = await res.json();
    expectMatchesContract("/member/orders/{order_no}", "get", 200, body);
    const order = body.data;
    expect(order.total, orderNo).toBeGreaterThan(0);
    expect(order.payment, orderNo).toMatchObject({ paid_at: expect.any(String), pay_by: null, can_retry: false });
    expect(order.invoice, orderNo).toMatchObject({ state: "issued", number: expect.stringMatching(/^[A-Z]{2}\d{8}$/) });
    expect(order.area_type, orderNo).toBe(0);
    expect(order.total, orderNo).toBe(orderTotal(order));
  }
});
