// Quote and checkout: the server recomputes every amount and enforces SPEC §5 itself.

import { checkoutPayload, defaultTempOrder, type TempOrder } from "../../app/features/checkout/checkout";
import type { components } from "../../app/lib/api/schema";
import { domesticOrder, registerMember } from "../support/fixtures";
import { contractAcceptsBody, expectMatchesContract, expectMatchesSchema } from "../support/openapi";
import { type APIRequestContext, expect, test } from "../support/test";

const api = "/api/frontend";

async function quote(request: APIRequestContext, data: object) {
  const res = await request.post(`${api}/cart/quote`, { data });
  const body = await res.json();
  expectMatchesContract("/cart/quote", "post", res.status(), body);
  return body.data;
}

async function firstOf(
  request: APIRequestContext,
  query: string,
  keep: (p: { readmoo_link: string | null }) => boolean,
) {
  const page = (await (await request.get(`${api}/products?${query}&per_page=60`)).json()).data.items;
  for (const card of page) {
    const detail = (await (await request.get(`${api}/products/${card.id}`)).json()).data;
    if (keep(detail)) return detail;
  }
  throw new Error(`no product for ${query}`);
}

test("a quote prices lines, fee and total from the database", async ({ request }) => {
  const book = (await (await request.get(`${api}/products/1`)).json()).data;
  const q = await quote(request, { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] });
  expect(q.lines).toEqual([
    { id: 1, title: book.title, quantity: 1, price_sale: book.price_sale, subtotal: book.price_sale },
  ]);
  expect(q.fee).toBe(80);
  expect(q.no_fee).toBe(book.price_sale >= 1000 ? 1 : 0);
  expect(q.total).toBe(book.price_sale + (q.no_fee ? 0 : 80));
  expect(q.pay_type_forced).toBeNull();
});

test("coupons: applied from the minimum, explained otherwise", async ({ request }) => {
  const items = [{ id: 1, quantity: 1 }];
  const book = (await (await request.get(`${api}/products/1`)).json()).data;
  const welcome = await quote(request, { category_type: 0, area_type: 0, coupon_code: "welcome100", items });
  if (book.price_sale >= 500) expect(welcome).toMatchObject({ discount_price: 100, coupon_message: null });
  else expect(welcome).toMatchObject({ discount_price: 0, coupon_message: "折價券需消費滿 NT$500" });
  expect(
    (await quote(request, { category_type: 0, area_type: 0, coupon_code: "EXPIRED50", items })).coupon_message,
  ).toBe("折價券已過期");
  expect((await quote(request, { category_type: 0, area_type: 0, coupon_code: "NOPE", items })).coupon_message).toBe(
    "查無此折價券",
  );
});

test("overseas orders pay no fee but international shipping, and must pay by 專戶匯款", async ({ request }) => {
  const q = await quote(request, { category_type: 0, area_type: 1, items: [{ id: 1, quantity: 1 }] });
  expect(q).toMatchObject({ fee_extra: 300, pay_type_forced: 7 });
  expect(q.total).toBe(q.subtotal + 300 - q.discount_price);
});

test("a digital quote takes only e-books and audio books, one each, without Readmoo titles", async ({ request }) => {
  const audio = await firstOf(request, "format=3", (p) => !p.readmoo_link);
  const q = await quote(request, {
    category_type: 1,
    area_type: 0,
    items: [
      { id: audio.id, quantity: 3 },
      { id: 1, quantity: 1 },
    ],
  });
  expect(q.lines).toEqual([expect.objectContaining({ id: audio.id, quantity: 1 })]);
  expect(q).toMatchObject({ fee: 0, fee_extra: 0, total: audio.price_sale });
});

test("checkout creates an order with status 1 from the storefront's own payload", async ({ request }) => {
  const { email, headers } = await registerMember(request);
  const q = await quote(request, { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] });
  const order: TempOrder = { ...domesticOrder(email), fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price };
  const payload = checkoutPayload(order, q.lines, q);
  const res = await request.post(`${api}/cart/checkout`, { headers, data: payload });
  const body = await res.json();
  expectMatchesContract("/cart/checkout", "post", res.status(), body);
  expect(body.data).toMatchObject({
    status: 1,
    total: q.total,
    order_no: expect.stringMatching(/^BK\d{8}-\d{6,9}-[0-9A-Z]{6}$/),
  });
  // The member's orders list it, with its lines: nothing of it was left half-written.
  const detail = await request.get(`${api}/member/orders/${body.data.order_no}`, { headers });
  expect((await detail.json()).data).toMatchObject({ total: q.total, lines: [expect.objectContaining({ id: 1 })] });
});

test("a digital order is not paid 貨到付款: nothing is delivered", async ({ request }) => {
  const { email, headers } = await registerMember(request);
  const audio = await firstOf(request, "format=3", (p) => !p.readmoo_link);
  const q = await quote(request, { category_type: 1, area_type: 0, items: [{ id: audio.id, quantity: 1 }] });
  const order: TempOrder = {
    ...defaultTempOrder(1),
    member_name: "測試讀者",
    member_email: email,
    fee: q.fee,
    no_fee: q.no_fee,
    discount_price: q.discount_price,
  };
  const payload = checkoutPayload(order, q.lines, q);
  const cash = await request.post(`${api}/cart/checkout`, { headers, data: { ...payload, pay_type: 6 } });
  expect(cash.status()).toBe(400);
  expect(await cash.json()).toEqual({ code: 2, message: "數位商品不需配送，無法貨到付款，請選擇其他付款方式" });
  const card = await request.post(`${api}/cart/checkout`, { headers, data: payload });
  expect((await card.json()).data).toMatchObject({ status: 1, total: q.total });
});

test("a digital order carries no receiver: one sent is refused as a field that does not apply, like an address", async ({
  request,
}) => {
  const { email, headers } = await registerMember(request);
  const audio = await firstOf(request, "format=3", (p) => !p.readmoo_link);
  const q = await quote(request, { category_type: 1, area_type: 0, items: [{ id: audio.id, quantity: 1 }] });
  const order: TempOrder = {
    ...defaultTempOrder(1),
    member_name: "測試讀者",
    member_email: email,
    receiver: "測試讀者",
    fee: q.fee,
    no_fee: q.no_fee,
    discount_price: q.discount_price,
  };
  const payload = checkoutPayload(order, q.lines, q);
  expect(payload).not.toHaveProperty("receiver");
  for (const [field, value] of [
    ["receiver", "測試讀者"],
    ["address", "重慶南路一段 1 號"],
  ] as const) {
    const res = await request.post(`${api}/cart/checkout`, { headers, data: { ...payload, [field]: value } });
    const body = await res.json();
    expectMatchesContract("/cart/checkout", "post", res.status(), body);
    expect(res.status(), field).toBe(400);
    expect(body).toEqual({ code: 2, message: `訂單含有不適用的欄位：${field}` });
  }
  const placed = await (await request.post(`${api}/cart/checkout`, { headers, data: payload })).json();
  expect(placed.code, placed.message).toBe(1);
  const detail = await (await request.get(`${api}/member/orders/${placed.data.order_no}`, { headers })).json();
  expect(detail.data.details).not.toHaveProperty("receiver");
});

test("a domestic order with only a 手機: the storefront's payload carries the landline empty, and the API takes it", async ({
  request,
}) => {
  const { email, headers } = await registerMember(request);
  const q = await quote(request, { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] });
  const order: TempOrder = {
    ...domesticOrder(email),
    area_code: "",
    tel: "",
    fee: q.fee,
    no_fee: q.no_fee,
    discount_price: q.discount_price,
  };
  const payload = checkoutPayload(order, q.lines, q);
  expect(payload).toMatchObject({ area_code: "", tel: "", cellphone: "0912345678" });
  expectMatchesSchema("CheckoutPayload", payload);
  const res = await request.post(`${api}/cart/checkout`, { headers, data: payload });
  const body = await res.json();
  expectMatchesContract("/cart/checkout", "post", res.status(), body);
  expect(body.code, body.message).toBe(1);
  // Half a landline is refused, naming the part that is missing.
  const half = await request.post(`${api}/cart/checkout`, { headers, data: { ...payload, area_code: "02" } });
  expect(half.status()).toBe(400);
  expect(await half.json()).toMatchObject({ code: 2, message: "請填寫電話" });
});

test.describe("one order per checkout, whatever the network does", () => {
  async function setUp(request: APIRequestContext) {
    const { email, headers } = await registerMember(request);
    const q = await quote(request, { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] });
    const payload = checkoutPayload(
      { ...domesticOrder(email), fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price },
      q.lines,
      q,
    );
    const orderCount = async () =>
      (await (await request.get(`${api}/member/orders`, { headers })).json()).data.total as number;
    return { headers, payload, orderCount };
  }

  test("a double submit with one Idempotency-Key makes one order, at once or one after the other", async ({
    request,
  }) => {
    const { headers, payload, orderCount } = await setUp(request);
    const send = () =>
      request.post(`${api}/cart/checkout`, {
        headers: { ...headers, "Idempotency-Key": "double-click-1" },
        data: payload,
      });
    const replies = await Promise.all([send(), send()]);
    const later = await send();
    const bodies = await Promise.all([...replies, later].map((r) => r.json()));
    for (const body of bodies) {
      expectMatchesContract("/cart/checkout", "post", 200, body);
      expect(body.code).toBe(1);
    }
    expect(new Set(bodies.map((b) => b.data.order_no)).size).toBe(1);
    // And one live payment: every reply hands out the same form (one attempt at the gateway), never a second.
    expect(new Set(bodies.map((b) => JSON.stringify(b.data.payment))).size).toBe(1);
    expect(await orderCount()).toBe(1);
    // Without a key, each submit is a new order (the storefront always sends one).
    await request.post(`${api}/cart/checkout`, { headers, data: payload });
    expect(await orderCount()).toBe(2);
  });

  test("the same key with another payload is a conflict; a malformed key is refused", async ({ request }) => {
    const { headers, payload } = await setUp(request);
    const keyed = (key: string, data: object) =>
      request.post(`${api}/cart/checkout`, { headers: { ...headers, "Idempotency-Key": key }, data });
    expect((await keyed("order-key-2", payload)).status()).toBe(200);
    const other = await keyed("order-key-2", { ...payload, member_name: "另一位讀者" });
    expect(other.status()).toBe(409);
    const body = await other.json();
    expectMatchesContract("/cart/checkout", "post", 409, body);
    expect(body).toMatchObject({ code: 6, message: expect.stringMatching(/Idempotency-Key/) });
    for (const bad of ["short", "has space in it", "x".repeat(65), "semi;colon;key"]) {
      const res = await keyed(bad, payload);
      expect(res.status(), bad).toBe(400);
      expect((await res.json()).code).toBe(2);
    }
  });

  test("a coupon is used once per member: the quote says so, and checkout refuses it", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { email, headers } = await registerMember(request);
    const items = [{ id: 1, quantity: 3 }];
    const priced = async () =>
      (
        await (
          await request.post(`${api}/cart/quote`, {
            headers,
            data: { category_type: 0, area_type: 0, coupon_code: "BOOKFAIR50", items },
          })
        ).json()
      ).data;
    const q = await priced();
    test.skip(q.discount_price !== 50, "three of product 1 do not reach the coupon's minimum");
    const payload = checkoutPayload(
      { ...domesticOrder(email), coupon_code: "BOOKFAIR50", fee: q.fee, no_fee: q.no_fee, discount_price: 50 },
      q.lines,
      q,
    );
    expect((await request.post(`${api}/cart/checkout`, { headers, data: payload })).status()).toBe(200);
    expect(await priced()).toMatchObject({ discount_price: 0, coupon_message: "您已使用過這張折價券" });
    const again = await request.post(`${api}/cart/checkout`, { headers, data: payload });
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({ code: 2, message: "您已使用過這張折價券" });
    // A guest's quote cannot know, so it applies (checkout, for members only, is where it counts).
    const guest = await playwright.request.newContext({ baseURL });
    const guestQuote = await quote(guest, { category_type: 0, area_type: 0, coupon_code: "BOOKFAIR50", items });
    expect(guestQuote.discount_price).toBe(50);
    await guest.dispose();
  });
});

test.describe("checkout refuses what does not hold", () => {
  let email = "";
  let headers: Record<string, string> | undefined;
  let base: ReturnType<typeof checkoutPayload>;

  test.beforeEach(async ({ request }) => {
    ({ email, headers } = await registerMember(request));
    const q = await quote(request, { category_type: 0, area_type: 0, items: [{ id: 1, quantity: 1 }] });
    base = checkoutPayload(
      { ...domesticOrder(email), fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price },
      q.lines,
      q,
    );
  });

  const refused = async (request: APIRequestContext, data: object, message: RegExp) => {
    const res = await request.post(`${api}/cart/checkout`, { headers, data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expectMatchesContract("/cart/checkout", "post", 400, body);
    expect(body.code).toBe(2);
    expect(body.message).toMatch(message);
  };

  test("a total that does not match", async ({ request }) => {
    await refused(request, { ...base, total: base.total - 1 }, /訂單金額已更新/);
  });
  test("a price the client made up", async ({ request }) => {
    await refused(request, { ...base, subtotal: 1, total: 81 }, /訂單金額已更新/);
  });
  test("details that do not apply", async ({ request }) => {
    await refused(request, { ...base, invoice_company_tax: "04595252" }, /不適用的欄位：invoice_company_tax/);
  });
  test("a donation code that is not one of the store's charities, as the contract says (SPEC §3)", async ({
    request,
  }) => {
    const charities = (await (await request.get(`${api}/env`)).json()).data.donation_charities as { code: string }[];
    expect(charities.map((c) => c.code)).toEqual(["5617", "9283880"]);
    for (const { code } of charities) {
      expect(contractAcceptsBody("/cart/checkout", "post", { ...base, invoice_donation: code }), code).toBe(true);
    }
    for (const code of ["1234", "919", "8585"]) {
      expect(contractAcceptsBody("/cart/checkout", "post", { ...base, invoice_donation: code }), code).toBe(false);
      const res = await request.post(`${api}/cart/checkout`, { headers, data: { ...base, invoice_donation: code } });
      const body = await res.json();
      expectMatchesContract("/cart/checkout", "post", res.status(), body);
      expect(res.status(), code).toBe(400);
      expect(body).toEqual({ code: 2, message: "請從清單中選擇發票捐贈單位", data: { field: "invoice_donation" } });
    }
  });
  test("a bad phone number", async ({ request }) => {
    await refused(request, { ...base, tel: "12-34" }, /電話/);
  });
  test("a bad company tax id", async ({ request }) => {
    const { invoice_donation: _omit, ...rest } = base;
    await refused(
      request,
      { ...rest, invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "12345678" },
      /統一編號不正確/,
    );
  });
  test("a company name ezPay would not take (over 60 characters): refused before anything is paid", async ({
    request,
  }) => {
    const { invoice_donation: _omit, ...rest } = base;
    const company = (length: number) => `${"覺".repeat(length - 4)}有限公司`;
    const company60 = { ...rest, invoice_type: 3, invoice_company: company(60), invoice_company_tax: "04595257" };
    const over = await request.post(`${api}/cart/checkout`, {
      headers,
      data: { ...company60, invoice_company: company(61) },
    });
    expect(over.status()).toBe(400);
    // The form's words, on the field.
    expect(await over.json()).toEqual({
      code: 2,
      message: "公司抬頭 最多 60 個字",
      data: { field: "invoice_company" },
    });
    const res = await request.post(`${api}/cart/checkout`, { headers, data: company60 });
    expect((await res.json()).code, "60 characters are taken").toBe(1);
  });
  test("an invoice value past the API's length: the form's own words, the field named (FieldErrorEnvelope)", async ({
    request,
  }) => {
    const { invoice_donation: _omit, ...rest } = base;
    const cases: [object, string, string][] = [
      [{ ...base, invoice_donation: "56170000" }, "invoice_donation", "請從清單中選擇發票捐贈單位"],
      [
        { ...rest, invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+12345" },
        "invoice_carrier_mobile",
        "手機條碼須為 / 加上 7 碼英數字（大寫）或 . - +",
      ],
      [
        { ...rest, invoice_type: 2, invoice_carrier_type: 3, invoice_carrier_card: "AB123456789012345" },
        "invoice_carrier_card",
        "自然人憑證條碼須為 2 個大寫英文字母加 14 位數字",
      ],
      [
        { ...rest, invoice_type: 3, invoice_company: "覺林文化", invoice_company_tax: "045952570" },
        "invoice_company_tax",
        "統一編號須為 8 位數字",
      ],
    ];
    for (const [data, field, message] of cases) {
      expect(contractAcceptsBody("/cart/checkout", "post", data), field).toBe(false);
      const res = await request.post(`${api}/cart/checkout`, { headers, data });
      const body = await res.json();
      expectMatchesContract("/cart/checkout", "post", res.status(), body);
      expect({ status: res.status(), body }, field).toEqual({
        status: 400,
        body: { code: 2, message, data: { field } },
      });
    }
  });
  test("a bad mobile barcode", async ({ request }) => {
    const { invoice_donation: _omit, ...rest } = base;
    await refused(
      request,
      { ...rest, invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/abc1234" },
      /手機條碼/,
    );
  });
  test("a donation to a charity not on the list, or not as text: the refusal names the field", async ({ request }) => {
    for (const invoice_donation of ["1234", 5617]) {
      const res = await request.post(`${api}/cart/checkout`, { headers, data: { ...base, invoice_donation } });
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({
        code: 2,
        message: expect.stringMatching(/捐贈單位/),
        data: { field: "invoice_donation" },
      });
    }
  });
  test("more than an item's cap", async ({ request }) => {
    const product = (await (await request.get(`${api}/products/1`)).json()).data;
    test.skip(!product.quantity_max, "product 1 has no cap of its own");
    const items = [{ id: 1, quantity: product.quantity_max + 1 }];
    await refused(request, { ...base, items }, /超過可購買上限/);
  });
  test("an unknown item", async ({ request }) => {
    await refused(request, { ...base, items: [{ id: 987654321, quantity: 1 }] }, /已下架/);
  });
  test("a country not on the list, a domestic order abroad, or an overseas one in Taiwan", async ({ request }) => {
    await refused(request, { ...base, country: "亞特蘭提斯" }, /請從清單中選擇國家/);
    await refused(request, { ...base, country: "日本" }, /國內訂單的國家須為台灣/);
    // An overseas order to Taiwan would pay international shipping to a domestic address.
    const overseas = { ...base, area_type: 1, country: "台灣", pay_type: 7 };
    await refused(request, overseas, /海外地址請選擇台灣以外的國家/);
  });
  test("an unknown field", async ({ request }) => {
    await refused(request, { ...base, is_admin: true }, /不接受的欄位：is_admin/);
  });
});

test("checkout needs a session", async ({ request }) => {
  const res = await request.post(`${api}/cart/checkout`, { data: { items: [] } });
  expect(res.status()).toBe(401);
  expect((await res.json()).code).toBe(3);
});

test.describe("a member is not sold an e-book or audio book they already hold", () => {
  const digitalQuote = (id: number) => ({ category_type: 1, area_type: 0, items: [{ id, quantity: 1 }] });
  const digitalPayload = (email: string, q: components["schemas"]["Quote"]) =>
    checkoutPayload(
      {
        ...defaultTempOrder(1),
        member_name: "林靜宜",
        member_email: email,
        fee: q.fee,
        no_fee: q.no_fee,
        discount_price: q.discount_price,
      },
      q.lines,
      q,
    );
  const refusal = async (res: Awaited<ReturnType<APIRequestContext["post"]>>, path: string) => {
    const body = (await res.json()) as { code: number; message: string };
    expectMatchesContract(path, "post", res.status(), body);
    expect(res.status()).toBe(400);
    expect(body.code).toBe(2);
    return body.message as string;
  };

  test("one in their bookcase: the cart summary says so, the quote and checkout refuse it, the bookcase stays", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const login = await request.post(`${api}/member/login`, {
      data: { email: "demo@example.com", password: "Demo1234" },
    });
    // The proxy keeps the token in its cookie (this context's jar); a body that carries it is sent as well.
    const token: string | undefined = (await login.json()).data?.token;
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    const bookcase = async () => (await (await request.get(`${api}/member/bookcase`, { headers })).json()).data;
    const before = await bookcase();
    const owned = before.items.find((item: { product: { format: number } }) => item.product.format === 2);
    expect(owned, "the seed puts e-books in the demo member's bookcase").toBeDefined();
    const { id, title } = owned.product as { id: number; title: string };

    // The member's cart summary names how they hold it; a guest's has no such field.
    const summary = await request.post(`${api}/cart/summary`, { headers, data: { id_list: [id, 1] } });
    const summaryBody = await summary.json();
    expectMatchesContract("/cart/summary", "post", summary.status(), summaryBody);
    expect(summary.headers()["cache-control"]).toMatch(/no-store/);
    expect(summaryBody.data).toEqual([
      expect.objectContaining({ id: 1, holding: null }),
      expect.objectContaining({ id, holding: { kind: "bookcase", order_no: owned.order_no } }),
    ]);
    // A guest (a context of its own, without the member's cookie) is told nothing of the kind.
    const guest = await playwright.request.newContext({ baseURL });
    const guestSummary = await (await guest.post(`${api}/cart/summary`, { data: { id_list: [id] } })).json();
    expect(guestSummary.data[0]).not.toHaveProperty("holding");

    const message = `《${title}》已在您的書櫃，不需再次購買`;
    expect(
      await refusal(await request.post(`${api}/cart/quote`, { headers, data: digitalQuote(id) }), "/cart/quote"),
    ).toBe(message);
    // The payload a client builds from a guest's quote (which cannot know) is refused all the same.
    const q = await quote(guest, digitalQuote(id));
    await guest.dispose();
    expect(q.lines).toEqual([expect.objectContaining({ id })]);
    const checkout = await request.post(`${api}/cart/checkout`, {
      headers,
      data: digitalPayload("demo@example.com", q),
    });
    expect(await refusal(checkout, "/cart/checkout")).toBe(message);
    expect((await bookcase()).total).toBe(before.total);
  });

  test("one in an order still to be paid: refused naming that order, bought again once it is cancelled", async ({
    request,
  }) => {
    const { email, headers } = await registerMember(request);
    const audio = await firstOf(request, "format=3", (p) => !p.readmoo_link);
    const q = await quote(request, digitalQuote(audio.id));
    const payload = digitalPayload(email, q);
    const placed = await (await request.post(`${api}/cart/checkout`, { headers, data: payload })).json();
    expect(placed.data).toMatchObject({ status: 1 });
    const message = `《${audio.title}》已在尚未付款的訂單 ${placed.data.order_no} 中，請至我的訂單付款或取消該訂單`;
    expect(
      await refusal(await request.post(`${api}/cart/quote`, { headers, data: digitalQuote(audio.id) }), "/cart/quote"),
    ).toBe(message);
    expect(
      await refusal(await request.post(`${api}/cart/checkout`, { headers, data: payload }), "/cart/checkout"),
    ).toBe(message);
    // Cancelled, the order holds nothing: the member may order it again.
    const cancel = await request.post(`${api}/member/orders/${placed.data.order_no}/cancel`, { headers });
    expect((await cancel.json()).data).toMatchObject({ status: 6 });
    const again = await (await request.post(`${api}/cart/checkout`, { headers, data: payload })).json();
    expect(again.code, again.message).toBe(1);
  });
});
