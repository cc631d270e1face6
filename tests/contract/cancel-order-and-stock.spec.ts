// Stock and the member's cancel (issue 20): an order reserves the stock of its paper books and goods in the batch
// that writes it, so orders placed at once for the last copies cannot all succeed; the refused ones name what is
// short; an order that ends gives its stock back, once. A paid order whose e-invoice can no longer be voided is not
// cancelled online (its detail's cancel_notice says why).
// Operations: checkoutCart (its stock reservation), getMemberOrder and cancelMemberOrder.
import type { APIRequestContext } from "@playwright/test";
import { checkoutPayload, defaultTempOrder } from "../../app/features/checkout/checkout";
import { API, domesticOrder, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";
import { orderDetail, payAtStandIn, payloadFor, placeOrder } from "./support/payments";

interface Product {
  id: number;
  title: string;
  stock: number;
  quantity_max: number | null;
  category_id: number;
  is_pre_order: boolean;
  readmoo_link: string | null;
}

const product = async (request: APIRequestContext, id: number): Promise<Product> =>
  (await (await request.get(`${API}/products/${id}`)).json()).data;

/**
 * A paper book or good with only a few copies left and no cap of its own, from the far end of the catalogue (other
 * tests buy product 1), from `from` down to `to` (each test its own range, so they never share one).
 */
async function fewLeft(request: APIRequestContext, most: number, from: number, to = 2): Promise<Product> {
  for (let id = from; id >= to; id--) {
    const p = await product(request, id);
    const orderable = p && [1, 4].includes(p.category_id) && !p.is_pre_order && !p.readmoo_link;
    if (orderable && p.quantity_max === p.stock && p.stock >= 2 && p.stock <= most) return p;
  }
  throw new Error("the seed has no product with few copies left");
}

/**
 * The stock as the cart sees it now: the summary's quantity_max, which follows the stock for an item without its own
 * cap. (The product's page and GET /products/{id} may come from the edge cache, a fresh window behind.)
 */
async function stockNow(request: APIRequestContext, id: number): Promise<number> {
  const summary = await request.post(`${API}/cart/summary`, { data: { id_list: [id] } });
  return (await summary.json()).data[0].quantity_max;
}

test("orders placed at once for the last K copies: exactly K succeed, the rest are told what is short, and the stock comes back once", async ({
  request,
}) => {
  const item = await fewLeft(request, 5, 600, 401);
  const copies = item.stock;
  const { email, headers } = await registerMember(request);
  const payload = await payloadFor(request, { ...domesticOrder(email), pay_type: 6 }, [{ id: item.id, quantity: 1 }]);
  const tries = copies + 3;
  const replies = await Promise.all(
    Array.from({ length: tries }, async () => {
      const res = await request.post(`${API}/cart/checkout`, { headers, data: payload });
      const body = await res.json();
      expectMatchesContract("/cart/checkout", "post", res.status(), body);
      return { status: res.status(), body };
    }),
  );
  const placed = replies.filter((r) => r.body.code === 1);
  const refused = replies.filter((r) => r.body.code !== 1);
  expect(placed).toHaveLength(copies);
  expect(refused).toHaveLength(tries - copies);
  for (const reply of refused) {
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      code: 6,
      message: expect.stringContaining(`《${item.title}》已售完`),
      data: { short_items: [{ id: item.id, title: item.title, available: 0 }] },
    });
  }
  expect(await stockNow(request, item.id)).toBe(0);

  // Each cancel gives its copy back; a second cancel of the same order gives nothing more.
  const orders = placed.map((r) => ({ headers, order_no: r.body.data.order_no as string }));
  for (const [i, order] of orders.entries()) {
    const res = await request.post(`${API}/member/orders/${order.order_no}/cancel`, { headers });
    const body = await res.json();
    expectMatchesContract("/member/orders/{order_no}/cancel", "post", res.status(), body);
    expect(body).toMatchObject({ code: 1, data: { status: 6, status_label: "取消訂單", can_cancel: false } });
    expect(await stockNow(request, item.id)).toBe(i + 1);
    const again = await request.post(`${API}/member/orders/${order.order_no}/cancel`, { headers });
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({ code: 2, message: "這張訂單已取消" });
    expect(await stockNow(request, item.id)).toBe(i + 1);
  }
  expect(await stockNow(request, item.id)).toBe(copies);
});

test("asking for more than the stock is refused with the item named and how many are left", async ({ request }) => {
  const item = await fewLeft(request, 8, 400);
  const { email, headers } = await registerMember(request);
  const draft = { ...domesticOrder(email), pay_type: 6 };
  const payload = await payloadFor(request, draft, [{ id: item.id, quantity: 1 }]);
  const tooMany = { ...payload, items: [{ id: item.id, quantity: item.stock + 1 }] };
  const res = await request.post(`${API}/cart/checkout`, { headers, data: tooMany });
  const body = await res.json();
  expectMatchesContract("/cart/checkout", "post", res.status(), body);
  expect(res.status()).toBe(409);
  expect(body).toMatchObject({
    code: 6,
    message: `庫存不足：《${item.title}》僅剩 ${item.stock} 件，請調整數量後再送出`,
    data: { short_items: [{ id: item.id, available: item.stock }] },
  });
  expect(await stockNow(request, item.id)).toBe(item.stock);
});

test("a paid order cancelled by the member is 取消訂單 with 款項待退還", async ({ request }) => {
  const { email, headers } = await registerMember(request);
  const payload = await payloadFor(request, { ...domesticOrder(email), pay_type: 1 });
  const placed = (await (await request.post(`${API}/cart/checkout`, { headers, data: payload })).json()).data;
  await payAtStandIn(request, placed.payment, "success");
  const order = { headers, order_no: placed.order_no as string };
  // Paid today, its invoice can still be voided: it may be cancelled, and nothing says otherwise.
  expect(await orderDetail(request, order)).toMatchObject({
    status: 5,
    can_cancel: true,
    cancel_notice: null,
    refund_pending: false,
  });
  const res = await request.post(`${API}/member/orders/${order.order_no}/cancel`, { headers });
  expect(await res.json()).toMatchObject({
    code: 1,
    message: "訂單已取消，款項將退還",
    data: { status: 6, refund_pending: true },
  });
  const guest = await request.post(`${API}/member/orders/${order.order_no}/cancel`, {
    headers: { Authorization: "Bearer nobody" },
  });
  expect(guest.status()).toBe(401);
});

test("a paid order whose invoice can no longer be voided is not cancelled online (400, code 2): it stays paid, its invoice issued, and its detail says why", async ({
  request,
}) => {
  // The demo member's seeded order, paid and invoiced on 2025-08-20 (July–August): voidable until 2025-09-13 only.
  const notice = "這張訂單的發票已過可作廢期限，無法在網站上取消；如需退貨或退款，請聯絡客服。";
  const login = await request.post(`${API}/member/login`, {
    data: { email: "demo@example.com", password: "Demo1234" },
  });
  const signedIn = await login.json();
  expect(signedIn.code, signedIn.message).toBe(1);
  // Through the storefront's proxy the token travels in its cookie (this context keeps it), not in the reply.
  const token: string | undefined = signedIn.data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const order = { headers, order_no: "BK20250820-000002-XW4N8D" };
  const detail = await request.get(`${API}/member/orders/${order.order_no}`, { headers });
  const detailBody = await detail.json();
  expectMatchesContract("/member/orders/{order_no}", "get", 200, detailBody);
  expect(detailBody.data).toMatchObject({
    status: 5,
    can_cancel: false,
    cancel_notice: notice,
    invoice: { state: "issued", number: "AA42310002" },
  });
  const res = await request.post(`${API}/member/orders/${order.order_no}/cancel`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/orders/{order_no}/cancel", "post", res.status(), body);
  expect(res.status()).toBe(400);
  expect(body).toEqual({ code: 2, message: notice });
  // Nothing changed: no refund promised, no void asked of ezPay.
  expect(await orderDetail(request, order)).toMatchObject({
    status: 5,
    status_label: "完成付款",
    refund_pending: false,
    invoice: { state: "issued", number: "AA42310002" },
  });
});

test("a paid digital order is not cancelled: its e-book is in the bookcase (400, code 2), and nothing changes", async ({
  request,
}) => {
  const cards = (await (await request.get(`${API}/products?format=2&per_page=60`)).json()).data.items as {
    id: number;
  }[];
  let ebook: Product | undefined;
  for (const card of cards) {
    const p = await product(request, card.id);
    // Not a pre-order: that one, paid, waits for its release (4) and is not in the bookcase yet.
    if (!p.readmoo_link && !p.is_pre_order) {
      ebook = p;
      break;
    }
  }
  if (!ebook) throw new Error("the seed has no e-book sold here");
  const { email, headers } = await registerMember(request);
  const draft = { ...defaultTempOrder(1), member_name: "測試讀者", member_email: email, pay_type: 1 };
  const payload = await payloadFor(request, draft, [{ id: ebook.id, quantity: 1 }]);
  const placed = await (await request.post(`${API}/cart/checkout`, { headers, data: payload })).json();
  expect(placed.code, placed.message).toBe(1);
  const order = { headers, order_no: placed.data.order_no as string };
  // Unpaid, it may still be cancelled; paid, it may not.
  expect(await orderDetail(request, order)).toMatchObject({ status: 1, category_type: 1, can_cancel: true });
  await payAtStandIn(request, placed.data.payment, "success");
  expect(await orderDetail(request, order)).toMatchObject({ status: 5, can_cancel: false, refund_pending: false });
  const res = await request.post(`${API}/member/orders/${order.order_no}/cancel`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/orders/{order_no}/cancel", "post", res.status(), body);
  expect(res.status()).toBe(400);
  expect(body).toEqual({ code: 2, message: "電子書與有聲書因屬數位內容，付款後已開通至書櫃，恕不取消或退款" });
  expect(await orderDetail(request, order)).toMatchObject({
    status: 5,
    status_label: "完成付款",
    refund_pending: false,
  });
});

test("an order that ends gives its coupon back: the member may use it again; the code keeps the store's spelling", async ({
  request,
}) => {
  const { email, headers } = await registerMember(request);
  const price = (await (await request.get(`${API}/products/1`)).json()).data.price_sale as number;
  const items = [{ id: 1, quantity: Math.ceil(500 / price) }];
  const quote = async () => {
    // Typed as a reader may type it: codes match whatever the case.
    const data = { category_type: 0, area_type: 0, coupon_code: "welcome100", items };
    return (await (await request.post(`${API}/cart/quote`, { headers, data })).json()).data;
  };
  const q = await quote();
  expect(q).toMatchObject({ discount_price: 100, coupon_message: null, coupon_code: "WELCOME100" });
  const draft = { ...domesticOrder(email), pay_type: 1, coupon_code: "welcome100" };
  const payload = checkoutPayload({ ...draft, fee: q.fee, no_fee: q.no_fee, discount_price: 100 }, q.lines, q);
  const placed = await (await request.post(`${API}/cart/checkout`, { headers, data: payload })).json();
  expect(placed.code, placed.message).toBe(1);
  const stored = await (await request.get(`${API}/member/orders/${placed.data.order_no}`, { headers })).json();
  expect(stored.data.coupon_code).toBe("WELCOME100");
  expect(await quote()).toMatchObject({ discount_price: 0, coupon_message: "您已使用過這張折價券", coupon_code: null });
  const cancelled = await request.post(`${API}/member/orders/${placed.data.order_no}/cancel`, { headers });
  expect((await cancelled.json()).code).toBe(1);
  expect(await quote()).toMatchObject({ discount_price: 100, coupon_message: null });
});

test("another member cannot cancel, pay or read a member's order: it is not found for them (404, code 4)", async ({
  request,
  playwright,
  baseURL,
}) => {
  // Each member in a context of their own: through the storefront the session is the context's cookie.
  const theirs = await playwright.request.newContext({ baseURL });
  try {
    const owner = await placeOrder(theirs);
    const stranger = await registerMember(request);
    for (const [method, path] of [
      ["post", `/member/orders/${owner.order_no}/cancel`],
      ["post", `/member/orders/${owner.order_no}/payment`],
      ["get", `/member/orders/${owner.order_no}`],
    ] as const) {
      const res = await request[method](`${API}${path}`, { headers: stranger.headers });
      expect(res.status(), path).toBe(404);
      expect((await res.json()).code, path).toBe(4);
    }
    // The owner's order is as it was: still open, still theirs to pay or cancel.
    expect(await orderDetail(theirs, owner)).toMatchObject({ status: owner.status, can_cancel: true });
  } finally {
    await theirs.dispose();
  }
});
