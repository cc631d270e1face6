// /order-complete and /order-search without a browser: their loaders and action against a stand-in API, and their
// pages rendered from what those return. These cover the states the seeded API cannot produce (a VACC account, a
// failed payment with 重新付款, an unverified return, an API failure).
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { createRoutesStub, MemoryRouter, type RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orderCompleteTitle } from "~/features/orders/order-complete-title.server";
import { OrderAmounts, OrderPayment, RefundNotice } from "~/features/orders/order-detail";
import { readOrderDetails } from "~/features/orders/order-details";
import { API_CODE } from "~/http/api-codes";
import type { components } from "~/lib/api/schema";
import { type StubReply, stubApi } from "~/testing/stub-api";
import MemberOrders from "./member-orders";
import OrderComplete, {
  action as completeAction,
  headers as completeHeaders,
  loader as completeLoader,
  meta as completeMeta,
} from "./order-complete";
import OrderSearch, {
  action as searchAction,
  headers as searchHeaders,
  loader as searchLoader,
  meta as searchMeta,
} from "./order-search";

type OrderDetail = components["schemas"]["OrderDetail"];
type PaymentForm = components["schemas"]["PaymentForm"];

const ORDER_NO = "BK20261123-000042-7KQ3ZP";

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    order_no: ORDER_NO,
    status: 5,
    status_label: "完成付款",
    pay_type: 1,
    pay_type_label: "信用卡付款",
    category_type: 0,
    total: 940,
    item_count: 3,
    created_at: "2026-11-23T02:15:00Z",
    lines: [
      { id: 1, title: "八大人覺經講記", quantity: 1, price_sale: 300, subtotal: 300 },
      { id: 3, title: "一個人的老街", quantity: 2, price_sale: 280, subtotal: 560 },
    ],
    area_type: 0,
    subtotal: 860,
    fee: 80,
    no_fee: 0,
    discount_price: 0,
    fee_extra: 0,
    total_revise: 0,
    coupon_code: null,
    details: {
      receiver: "林靜宜",
      cellphone: "0912345678",
      country: "台灣",
      invoice_type: 1,
      invoice_donation: "5617",
    },
    payment: {
      message: "授權成功",
      paid_at: "2026-11-23T10:16:02+08:00",
      bank_code: null,
      account_no: null,
      expire_date: null,
      pay_by: null,
      can_retry: false,
    },
    can_cancel: true,
    cancel_notice: null,
    refund_pending: false,
    invoice: null,
    ...overrides,
  };
}

/** A payment sent to the gateway and not (yet) paid. */
const NO_PAYMENT: NonNullable<OrderDetail["payment"]> = {
  message: null,
  paid_at: null,
  bank_code: null,
  account_no: null,
  expire_date: null,
  pay_by: null,
  can_retry: false,
};
const LATER = "2026-11-30T23:59:59+08:00";

const PAYMENT_FORM: PaymentForm = {
  action: "https://ccore.newebpay.com/MPG/mpg_gateway",
  method: "POST",
  fields: { MerchantID: "MS123", TradeInfo: "ab12", TradeSha: "A".repeat(64), Version: "2.0" },
};

type Reply = StubReply;

const ok = (data: unknown): Reply => ({ body: { code: API_CODE.ok, message: "成功", data } });
const refused = (code: number, message: string, status = 400): Reply => ({ status, body: { code, message } });

const SIGNED_IN = { Cookie: "__Host-bookstore_token=abc" };

function loaderArgs(path: string, context: RouterContextProvider, headers: Record<string, string> = SIGNED_IN) {
  const request = new Request(`https://shop.test${path}`, { headers });
  return { request, context, params: {}, url: new URL(request.url) } as never;
}

function actionArgs(path: string, context: RouterContextProvider, form: Record<string, string>, signedIn = true) {
  const request = new Request(`https://shop.test${path}`, {
    method: "POST",
    headers: signedIn ? SIGNED_IN : {},
    body: new URLSearchParams(form),
  });
  return { request, context, params: {}, url: new URL(request.url) } as never;
}

/** A loader's or action's plain value, whether it came wrapped in data() with a status or not. */
function unwrapData(result: unknown): { value: Record<string, unknown>; status: number } {
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: Record<string, unknown>; init: { status?: number } };
    return { value: data, status: init.status ?? 200 };
  }
  return { value: result as Record<string, unknown>, status: 200 };
}

/** The redirect a loader or action threw. */
async function thrownRedirect(run: Promise<unknown>): Promise<Response> {
  const thrown = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

/** A route's page rendered at `path` with its loader's (and action's) data, as in a data router. */
function renderPage(page: unknown, path: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: path.split("?")[0] ?? "/", Component: page as never }]);
  const hydrationData = {
    loaderData: { page: loaderData },
    ...(actionData ? { actionData: { page: actionData } } : {}),
  };
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={hydrationData} />);
}

/** renderPage, waiting for what the page loads on demand (the search result, a 重新付款's gateway form). */
async function renderPageLoaded(page: unknown, path: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: path.split("?")[0] ?? "/", Component: page as never }]);
  const hydrationData = {
    loaderData: { page: loaderData },
    ...(actionData ? { actionData: { page: actionData } } : {}),
  };
  const { prelude } = await prerenderToNodeStream(<Stub initialEntries={[path]} hydrationData={hydrationData} />);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The page text without tags, so phrases split by links and markup read as one. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

afterEach(() => vi.restoreAllMocks());

describe("/order-complete loader", () => {
  const path = `/order-complete?order_no=${ORDER_NO}`;

  it("sends a guest to /login with this page as the return address, without asking the API", async () => {
    const { context, calls } = stubApi(() => ok(order()));
    const response = await thrownRedirect(completeLoader(loaderArgs(path, context, {})));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(decodeURIComponent(response.headers.get("Set-Cookie") ?? "")).toContain(path);
    expect(calls).toHaveLength(0);
  });

  it("an ended session signs in again and forgets the token", async () => {
    const { context } = stubApi(() => refused(API_CODE.unauthenticated, "請先登入", 401));
    const response = await thrownRedirect(completeLoader(loaderArgs(path, context)));
    expect(response.headers.get("Location")).toBe("/login?session=ended");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(decodeURIComponent(cookies)).toContain(path);
    expect(cookies).toMatch(/__Host-bookstore_token=;/);
  });

  it("asks the API for the member's order by its number", async () => {
    const { context, calls } = stubApi(() => ok(order()));
    const { value, status } = unwrapData(await completeLoader(loaderArgs(path, context)));
    expect(status).toBe(200);
    expect(value).toMatchObject({ view: "order", orderNo: ORDER_NO, unverified: false });
    expect(new URL(calls[0]?.url ?? "").pathname).toBe(`/api/frontend/member/orders/${ORDER_NO}`);
  });

  it("a malformed number is not found without an API call", async () => {
    const { context, calls } = stubApi(() => ok(order()));
    for (const bad of ["BK20250312-000001", "bk20261123-000042-7kq3zp", "../profile"]) {
      const result = unwrapData(await completeLoader(loaderArgs(`/order-complete?order_no=${bad}`, context)));
      expect(result).toEqual({
        value: { view: "missing", orderNo: bad, unverified: false, title: "查無此訂單" },
        status: 404,
      });
    }
    expect(calls).toHaveLength(0);
  });

  it("an unknown or another member's order is not found (404), with a way to the member's orders", async () => {
    const { context } = stubApi(() => refused(API_CODE.notFound, "找不到這張訂單", 404));
    const { value, status } = unwrapData(await completeLoader(loaderArgs(path, context)));
    expect(status).toBe(404);
    const html = renderPage(OrderComplete, path, value);
    expect(html).toContain("查無此訂單");
    expect(html).toContain(`找不到訂單編號「${ORDER_NO}」的訂單`);
    expect(html).toContain('href="/member/orders"');
    expect(html).not.toContain("訂購商品");
  });

  it("an API failure says the data is unavailable, with the API's status", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { context } = stubApi(() => refused(API_CODE.serverError, "系統忙碌", 503));
    const { value, status } = unwrapData(await completeLoader(loaderArgs(path, context)));
    expect(status).toBe(503);
    const html = renderPage(OrderComplete, path, value);
    expect(html).toContain("暫時無法取得資料");
    expect(html).not.toContain("查無此訂單");
    expect(html).toContain(`href="/member/orders?no=${ORDER_NO}"`);
  });

  it("an unverified return without a number needs no sign-in and no API call, and says so in Chinese", async () => {
    const { context, calls } = stubApi(() => ok(order()));
    const result = await completeLoader(loaderArgs("/order-complete?payment=unverified", context, {}));
    const { value } = unwrapData(result);
    expect(value).toEqual({ view: "no-order", orderNo: "", unverified: true, title: "付款結果未確認" });
    expect(calls).toHaveLength(0);
    const html = renderPage(OrderComplete, "/order-complete?payment=unverified", value);
    expect(html).toContain("無法確認付款結果");
    expect(textOf(html)).toContain("請至會員訂單查看訂單的付款狀態");
    expect(html).toContain('href="/member/orders"');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain("查看訂單明細");
  });

  it("without a number (a bare visit) it is a public page pointing to the member's orders", async () => {
    const { context, calls } = stubApi(() => ok(order()));
    const { value, status } = unwrapData(await completeLoader(loaderArgs("/order-complete", context, {})));
    expect(status).toBe(200);
    expect(value).toEqual({ view: "no-order", orderNo: "", unverified: false, title: "未指定訂單" });
    expect(calls).toHaveLength(0);
    const html = renderPage(OrderComplete, "/order-complete", value);
    expect(textOf(html)).toContain("這個網址沒有指定訂單。您的訂單與付款狀態都可以在會員訂單查看");
    expect(html).not.toContain("無法確認付款結果");
    expect(html).not.toContain("查看訂單明細");
  });

  it("an unverified return with a number still shows the order under the notice", async () => {
    const { context } = stubApi(() => ok(order({ status: 1, status_label: "訂單待確認" })));
    const at = `/order-complete?order_no=${ORDER_NO}&payment=unverified`;
    const { value } = unwrapData(await completeLoader(loaderArgs(at, context)));
    const html = renderPage(OrderComplete, at, value);
    expect(html).toContain("無法確認付款結果");
    expect(html).toContain(ORDER_NO);
  });

  it("is never cached and never indexed", () => {
    expect(completeHeaders({} as never)).toEqual({ "Cache-Control": "private, no-store" });
    const tags = completeMeta({ matches: [], loaderData: undefined } as never);
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });
});

describe("/order-complete page states", () => {
  const path = `/order-complete?order_no=${ORDER_NO}`;
  const view = (o: OrderDetail) => ({
    view: "order",
    orderNo: o.order_no,
    unverified: false,
    title: orderCompleteTitle({ view: "order", order: o }),
    order: o,
  });

  it("always shows the number, status, payment, lines, amounts and the next links", () => {
    const html = renderPage(OrderComplete, path, view(order()));
    const text = textOf(html);
    expect(html).toContain("<h1");
    expect(text).toContain("訂購完成");
    expect(text).toContain(`訂單編號${ORDER_NO}`);
    expect(text).toContain("訂單狀態完成付款");
    expect(text).toContain("付款方式信用卡付款");
    expect(text).toContain("八大人覺經講記");
    expect(text).toContain("單價NT$280");
    expect(text).toContain("數量2");
    expect(text).toContain("小計NT$560");
    expect(text).toContain("商品小計NT$860");
    expect(text).toContain("運費NT$80");
    expect(text).toContain("訂單總額NT$940");
    expect(html).toContain(`href="/member/orders?no=${ORDER_NO}"`);
    expect(text).toContain("查看訂單明細");
    expect(text).toContain("繼續購物");
  });

  it("paid (5): thanks; paper books ship, e-books are in the bookcase", () => {
    const paper = textOf(renderPage(OrderComplete, path, view(order())));
    expect(paper).toContain("完成付款");
    expect(paper).toContain("感謝您的訂購，我們已收到您的付款");
    // Written as 訂購時間 is, not as the API's ISO 8601.
    expect(paper).toContain("付款時間：2026/11/23（一）10:16");
    const iso = order({ payment: { ...order().payment!, paid_at: "2026-11-26T03:36:08+08:00" } });
    expect(textOf(renderPage(OrderComplete, path, view(iso)))).toContain("付款時間：2026/11/26（四）03:36");
    expect(paper).toContain("備貨出貨");
    expect(paper).not.toContain("我的書櫃");
    const ebooks = renderPage(OrderComplete, path, view(order({ category_type: 1 })));
    expect(ebooks).toContain('href="/member/bookcase"');
    expect(textOf(ebooks)).toContain("電子書與有聲書已放入我的書櫃");
  });

  it("paid, waiting for a pre-order (4): paper ships once in stock; e-books reach the bookcase once released", () => {
    const waiting = { status: 4, status_label: "訂單待進貨" } as const;
    const paper = textOf(renderPage(OrderComplete, path, view(order(waiting))));
    expect(paper).toContain("已收到您的付款，預購商品到貨後出貨。");
    const ebooks = textOf(renderPage(OrderComplete, path, view(order({ ...waiting, category_type: 1 }))));
    expect(ebooks).toContain("已收到您的付款，預購的電子書／有聲書上架後會放入「我的書櫃」。");
    expect(ebooks).not.toContain("出貨");
    expect(ebooks).not.toContain("已放入");
  });

  it("waiting for the gateway (1, paid online): 付款結果確認中 with a 重新整理 link to this page", () => {
    const waiting = order({ status: 1, status_label: "訂單待確認", payment: { ...order().payment!, message: null } });
    const html = renderPage(OrderComplete, path, view(waiting));
    expect(html).toContain("付款結果確認中");
    expect(html).toMatch(new RegExp(`<a href="/order-complete\\?order_no=${ORDER_NO}"[^>]*>重新整理</a>`));
    expect(html).not.toContain("重新付款");
  });

  it("專戶匯款 with the issued account: bank code, account, amount and deadline, 請於期限內轉帳", () => {
    const transfer = order({
      status: 1,
      status_label: "訂單待確認",
      pay_type: 7,
      pay_type_label: "專戶匯款",
      payment: {
        message: "取號成功",
        paid_at: null,
        bank_code: "012",
        account_no: "14512345678901",
        expire_date: "2026-11-30",
        // Open until the transfer's deadline (pay_by is null only once no attempt is open: past the deadline).
        pay_by: "2026-11-30T23:59:59+08:00",
        can_retry: false,
      },
    });
    const text = textOf(renderPage(OrderComplete, path, view(transfer)));
    expect(text).toContain("請於期限內轉帳");
    expect(text).toContain("付款方式專戶匯款");
    expect(text).toContain("銀行代碼012");
    expect(text).toContain("轉帳帳號14512345678901");
    expect(text).toContain("轉帳金額NT$940");
    expect(text).toContain("繳費期限2026/11/30");
    expect(text).not.toContain("付款結果確認中");
  });

  it("專戶匯款 before the account is issued waits like any gateway payment", () => {
    const waiting = order({
      status: 1,
      pay_type: 7,
      payment: {
        message: null,
        paid_at: null,
        bank_code: null,
        account_no: null,
        expire_date: null,
        pay_by: "2026-11-30T23:59:59+08:00",
        can_retry: false,
      },
    });
    const text = textOf(renderPage(OrderComplete, path, view(waiting)));
    expect(text).toContain("付款結果確認中");
    expect(text).not.toContain("轉帳帳號");
  });

  it("awaiting, with no attempt open any more (past its deadline): 付款期限已過, not 付款結果確認中", () => {
    const overdue = order({
      status: 1,
      pay_type: 1,
      payment: NO_PAYMENT,
    });
    const text = textOf(renderPage(OrderComplete, path, view(overdue)));
    expect(text).toContain("付款期限已過");
    expect(text).toContain("尚未收到付款");
    expect(text).toContain("未付款的訂單將自動取消");
    expect(text).not.toContain("付款結果確認中");
  });

  it("failed (3) and retryable: the gateway's message and a 重新付款 form post", () => {
    const failed = order({
      status: 3,
      status_label: "交易失敗",
      payment: {
        message: "卡片餘額不足",
        paid_at: null,
        bank_code: null,
        account_no: null,
        expire_date: null,
        pay_by: null,
        can_retry: true,
      },
    });
    const html = renderPage(OrderComplete, path, view(failed));
    expect(html).toContain("交易失敗");
    expect(textOf(html)).toContain("付款結果：卡片餘額不足");
    const form = html.match(/<form[^>]*method="post"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('name="intent" value="retry-payment"');
    expect(form).toContain(`name="order_no" value="${ORDER_NO}"`);
    expect(form).toMatch(/<button type="submit"[^>]*>重新付款<\/button>/);
  });

  it("failed but not retryable: no 重新付款", () => {
    const failed = order({
      status: 3,
      status_label: "交易失敗",
      payment: { ...NO_PAYMENT, message: "交易逾時" },
    });
    const html = renderPage(OrderComplete, path, view(failed));
    expect(html).toContain("交易失敗");
    expect(html).toContain("交易逾時");
    expect(html).not.toContain("重新付款");
  });

  it("titles the page as the order stands: 付款失敗, 訂單已取消, 付款期限已過, 付款結果未確認, 未指定訂單, else 訂購完成", async () => {
    const overduePayment = { ...NO_PAYMENT, pay_by: null, can_retry: false };
    const cases: [string, Reply, string][] = [
      [path, ok(order()), "訂購完成"],
      [
        path,
        ok(order({ status: 1, status_label: "訂單待確認", payment: { ...NO_PAYMENT, pay_by: LATER } })),
        "訂購完成",
      ],
      [path, ok(order({ status: 1, status_label: "訂單待確認", payment: null })), "訂購完成"],
      // Still 訂單待確認, its payment attempt past the deadline unpaid: the page says so, not 訂購完成.
      [path, ok(order({ status: 1, status_label: "訂單待確認", payment: overduePayment })), "付款期限已過"],
      [path, ok(order({ status: 3, status_label: "交易失敗" })), "付款失敗"],
      [path, ok(order({ status: 2, status_label: "交易中斷" })), "訂單已取消"],
      [path, ok(order({ status: 6, status_label: "取消訂單" })), "訂單已取消"],
      ["/order-complete?payment=unverified", ok(order()), "付款結果未確認"],
      ["/order-complete", ok(order()), "未指定訂單"],
      [path, refused(API_CODE.notFound, "找不到這張訂單", 404), "查無此訂單"],
    ];
    for (const [at, reply, title] of cases) {
      const { context } = stubApi(() => reply);
      const { value } = unwrapData(await completeLoader(loaderArgs(at, context)));
      const html = renderPage(OrderComplete, at, value);
      expect(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1], title).toBe(title);
      const tags = completeMeta({ matches: [], loaderData: value } as never);
      expect(tags[0]).toMatchObject({ title: expect.stringMatching(new RegExp(`^${title}`)) });
    }
  });

  it("placed without an online payment (total 0, or never sent to the gateway): 訂單已成立，待確認", () => {
    for (const placed of [
      order({ status: 1, total: 0, pay_type: 7, payment: null }),
      order({ status: 1, pay_type: 6, pay_type_label: "貨到付款", payment: null }),
    ]) {
      const text = textOf(renderPage(OrderComplete, path, view(placed)));
      expect(text).toContain("訂單已成立，待確認");
      expect(text).not.toContain("付款結果確認中");
    }
  });
});

describe("/order-complete 重新付款 (the action)", () => {
  const path = `/order-complete?order_no=${ORDER_NO}`;
  const failed = order({
    status: 3,
    status_label: "交易失敗",
    payment: {
      message: "授權失敗",
      paid_at: null,
      bank_code: null,
      account_no: null,
      expire_date: null,
      pay_by: null,
      can_retry: true,
    },
  });
  const loaded = { view: "order", orderNo: ORDER_NO, unverified: false, order: failed };

  it("posts to the order's payment endpoint and renders the gateway's form with a visible 前往付款", async () => {
    const { context, calls } = stubApi(() => ok(PAYMENT_FORM));
    const result = await completeAction(actionArgs(path, context, { intent: "retry-payment", order_no: ORDER_NO }));
    const { value, status } = unwrapData(result);
    expect(status).toBe(200);
    expect(value).toEqual({ payment: PAYMENT_FORM });
    expect(calls[0]?.method).toBe("POST");
    expect(new URL(calls[0]?.url ?? "").pathname).toBe(`/api/frontend/member/orders/${ORDER_NO}/payment`);

    const html = await renderPageLoaded(OrderComplete, path, loaded, value);
    const form = html.match(/<form[^>]*action="https:\/\/ccore\.newebpay\.com[^"]*"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain('method="POST"');
    expect(form).toContain('name="TradeInfo" value="ab12"');
    expect(form).toContain('name="Version" value="2.0"');
    expect(form).toMatch(/<button type="submit"[^>]*>前往付款<\/button>/);
    expect(html).not.toContain(">重新付款<");
  });

  it("a refusal (code 2) is the form's message in Chinese, and 重新付款 stays", async () => {
    const { context } = stubApi(() => refused(API_CODE.invalidInput, "此訂單目前無法重新付款"));
    const result = await completeAction(actionArgs(path, context, { intent: "retry-payment", order_no: ORDER_NO }));
    const { value, status } = unwrapData(result);
    expect(status).toBe(400);
    expect(value).toEqual({ error: "此訂單目前無法重新付款" });
    const html = renderPage(OrderComplete, path, loaded, value);
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*此訂單目前無法重新付款/);
    expect(html).toContain(">重新付款<");
  });

  it("a malformed number is refused without an API call", async () => {
    const { context, calls } = stubApi(() => ok(PAYMENT_FORM));
    const { value, status } = unwrapData(
      await completeAction(actionArgs(path, context, { intent: "retry-payment", order_no: "BK1" })),
    );
    expect(status).toBe(400);
    expect(value.error).toMatch(/找不到要付款的訂單/);
    expect(calls).toHaveLength(0);
  });

  it("a guest is sent to sign in; an ended session too, forgetting the token", async () => {
    const guest = stubApi(() => ok(PAYMENT_FORM));
    const form = { intent: "retry-payment", order_no: ORDER_NO };
    expect(
      (await thrownRedirect(completeAction(actionArgs(path, guest.context, form, false)))).headers.get("Location"),
    ).toBe("/login");
    expect(guest.calls).toHaveLength(0);
    const ended = stubApi(() => refused(API_CODE.unauthenticated, "請先登入", 401));
    const response = await thrownRedirect(completeAction(actionArgs(path, ended.context, form)));
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__Host-bookstore_token=;/);
  });
});

describe("/order-search", () => {
  const EMAIL = "reader@example.com";
  const masked = order({
    status: 7,
    status_label: "出貨完畢",
    details: {
      receiver: "林＊宜",
      cellphone: "0912＊＊＊678",
      tel_type: "市話",
      tel: "23＊＊＊＊89",
      address: "重慶＊＊＊＊＊＊＊",
      country: "台灣",
      invoice_type: 1,
      invoice_donation: "5617",
    },
  });

  const search = (context: RouterContextProvider, form: Record<string, string>) =>
    searchAction(actionArgs("/order-search", context, form, false));

  it("a blank form, posted (not in the address): both fields labelled, no message, no API call", async () => {
    const { context, calls } = stubApi(() => ok(masked));
    expect(searchLoader(loaderArgs("/order-search", context, {}))).toBeNull();
    expect(calls).toHaveLength(0);
    const html = renderPage(OrderSearch, "/order-search", null);
    expect(html).toMatch(
      /<form[^>]*method="post" action="\/order-search"|<form[^>]*action="\/order-search" method="post"/,
    );
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>訂單編號<\/label><input id="\1"[^>]*name="order_no"/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>訂購人電子郵件<\/label><input id="\1"[^>]*name="email"/);
    expect(html).not.toContain('role="alert"');
    expect(html).toContain("<h1");
    expect(html).toContain("訂單查詢");
  });

  it("an address of the earlier GET form goes to the clean address, its e-mail dropped", async () => {
    const { context, calls } = stubApi(() => ok(masked));
    const response = await thrownRedirect(
      Promise.resolve().then(() =>
        searchLoader(loaderArgs(`/order-search?order_no=${ORDER_NO}&email=${EMAIL}`, context, {})),
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/order-search");
    expect(calls).toHaveLength(0);
  });

  it("checks both fields before asking: the messages are tied to their fields and the values are kept", async () => {
    const { context, calls } = stubApi(() => ok(masked));
    const { value, status } = unwrapData(await search(context, { order_no: "BK20250312-000001", email: "nobody" }));
    expect(status).toBe(400);
    expect(calls).toHaveLength(0);
    expect(value).toEqual({
      values: { order_no: "BK20250312-000001", email: "nobody" },
      errors: {
        order_no: "訂單編號格式為 BK、日期、序號與 6 碼英數字，例如 BK20261123-000042-7KQ3ZP",
        email: "電子郵件格式不正確",
      },
    });
    const html = renderPage(OrderSearch, "/order-search", null, value);
    const input = html.match(/<input[^>]*name="order_no"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('value="BK20250312-000001"');
    const describedBy = input.match(/aria-describedby="([^" ]+)/)?.[1];
    expect(html).toContain(
      `<p id="${describedBy}" class="m-0 text-sm text-error">訂單編號格式為 BK、日期、序號與 6 碼英數字`,
    );
    expect(html).toContain("有 2 個欄位需要修正");
    const empty = unwrapData(await search(context, { order_no: "", email: "" }));
    expect(empty.value).toMatchObject({ errors: { order_no: "請輸入訂單編號", email: "請輸入訂購人電子郵件" } });
  });

  it("asks POST /order-search with the number in capitals and the e-mail trimmed, in the body only", async () => {
    const { context, calls } = stubApi(() => ok(masked));
    await search(context, { order_no: ORDER_NO.toLowerCase(), email: ` ${EMAIL} ` });
    const asked = calls[0] as Request;
    expect(asked.method).toBe("POST");
    const url = new URL(asked.url);
    expect(url.pathname).toBe("/api/frontend/order-search");
    expect(url.search).toBe("");
    expect(await asked.json()).toEqual({ order_no: ORDER_NO, email: EMAIL });
  });

  it("nothing found: the server's message as the form's alert (404), no order", async () => {
    const { context } = stubApi(() => refused(API_CODE.notFound, "查無此訂單，請確認訂單編號與訂購人電子郵件", 404));
    const { value, status } = unwrapData(await search(context, { order_no: ORDER_NO, email: EMAIL }));
    expect(status).toBe(404);
    const html = renderPage(OrderSearch, "/order-search", null, value);
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*查無此訂單，請確認訂單編號與訂購人電子郵件/);
    expect(html).not.toContain("查詢結果");
    expect(html).toContain(`value="${EMAIL}"`);
  });

  it("found: number, status, date, lines, amounts and the masked details exactly as given", async () => {
    const { context } = stubApi(() => ok(masked));
    const { value, status } = unwrapData(await search(context, { order_no: ORDER_NO, email: EMAIL }));
    expect(status).toBe(200);
    const html = await renderPageLoaded(OrderSearch, "/order-search", null, value);
    const text = textOf(html);
    expect(text).toContain("查詢結果");
    expect(text).toContain(`訂單編號${ORDER_NO}`);
    expect(text).toContain("訂單狀態出貨完畢");
    expect(text).toContain("訂購時間2026/11/23（一）10:15");
    expect(text).toContain("一個人的老街");
    expect(text).toContain("數量2");
    expect(text).toContain("小計NT$560");
    expect(text).toContain("訂單總額NT$940");
    expect(text).toContain("收件人林＊宜");
    expect(text).toContain("0912＊＊＊678");
    expect(text).toContain("市話 23＊＊＊＊89");
    expect(text).toContain("收件地址重慶＊＊＊＊＊＊＊");
    expect(text).toContain("捐贈發票");
    expect(text).toContain("為保護個人資料，收件人、電話與地址已部分隱藏。");
    expect(html).not.toContain('role="alert"');
  });

  it("found: 查詢結果 is an h2 the focus can be sent to, and its sections are h3 under it", async () => {
    const { context } = stubApi(() => ok(masked));
    const { value } = unwrapData(await search(context, { order_no: ORDER_NO, email: EMAIL }));
    const html = await renderPageLoaded(OrderSearch, "/order-search", null, value);
    expect(html).toMatch(/<h2 id="search-result-title" tabindex="-1"[^>]*>查詢結果<\/h2>/);
    const headings = [...html.matchAll(/<(h[1-6])[^>]*>([^<]*)<\/h[1-6]>/g)].map(([, tag, title]) => `${tag} ${title}`);
    expect(headings).toEqual([
      "h1 訂單查詢",
      "h2 查詢結果",
      "h3 訂購商品",
      "h3 金額明細",
      "h3 收件資訊",
      "h3 發票資訊",
    ]);
    // The same sections stay h2 on a page of their own.
    const view = { view: "order", orderNo: ORDER_NO, unverified: false, order: order() };
    const complete = renderPage(OrderComplete, `/order-complete?order_no=${ORDER_NO}`, view);
    expect(complete).toMatch(/<h2 id="order-lines"[^>]*>訂購商品<\/h2>/);
  });

  it("found, a digital order: no receiver, so no note about hidden receiver details", async () => {
    const digital = order({ category_type: 1, details: { invoice_type: 2, invoice_carrier_type: 1 } });
    const { context } = stubApi(() => ok(digital));
    const { value } = unwrapData(await search(context, { order_no: ORDER_NO, email: EMAIL }));
    const text = textOf(await renderPageLoaded(OrderSearch, "/order-search", null, value));
    expect(text).toContain("查詢結果");
    expect(text).toContain("電子發票載具");
    expect(text).not.toContain("收件資訊");
    expect(text).not.toContain("已部分隱藏");
  });

  it("is never cached and never indexed", () => {
    expect(searchHeaders({} as never)).toEqual({ "Cache-Control": "private, no-store" });
    expect(searchMeta({ matches: [] } as never)).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});

describe("the payment section of an order's detail (/member/orders?no=)", () => {
  const section = (o: OrderDetail) =>
    textOf(
      renderToStaticMarkup(
        <MemoryRouter>
          <OrderPayment order={o} />
        </MemoryRouter>,
      ),
    );

  it("shows the gateway's result and when it was paid", () => {
    expect(section(order())).toContain("付款結果授權成功");
    expect(section(order())).toContain("付款時間2026/11/23（一）10:16");
    const iso = order({ payment: { ...order().payment!, paid_at: "2026-11-26T03:36:08+08:00" } });
    expect(section(iso)).toContain("付款時間2026/11/26（四）03:36");
    expect(section(iso)).not.toContain("T03:36:08");
    expect(section(order())).not.toContain("前往重新付款");
  });

  it("shows a 專戶匯款 account with its deadline, and a way to pay again after a failure", () => {
    const transfer = order({
      status: 1,
      pay_type: 7,
      payment: {
        message: "取號成功",
        paid_at: null,
        bank_code: "012",
        account_no: "98765432101234",
        expire_date: "2026-11-30",
        pay_by: null,
        can_retry: false,
      },
    });
    expect(section(transfer)).toContain("銀行代碼012");
    expect(section(transfer)).toContain("轉帳帳號98765432101234");
    expect(section(transfer)).toContain("繳費期限2026/11/30");
    const failed = order({
      status: 3,
      payment: { ...order().payment!, message: "授權失敗", paid_at: null, can_retry: true },
    });
    expect(section(failed)).toContain("前往重新付款");
  });

  it("is absent when the order never went to a gateway", () => {
    expect(section(order({ payment: null }))).toBe("");
  });
});

describe("取消訂單 on the member's order detail (/member/orders?no=)", () => {
  const detail = (o: OrderDetail, confirming = false, refused?: string) =>
    renderPage(
      MemberOrders,
      `/member/orders?no=${o.order_no}${confirming ? "&cancel=1" : ""}`,
      {
        view: "detail",
        orderNo: o.order_no,
        page: 1,
        order: o,
        parties: readOrderDetails(o.details, o.invoice, o.status),
        formats: Promise.resolve({}),
        confirmCancel: confirming,
        cancelled: false,
      },
      refused ? { error: refused } : undefined,
    );
  const NOTICE = "這張訂單的發票已過可作廢期限，無法在網站上取消；如需退貨或退款，請聯絡客服。";

  it("offers the cancel of an order that may be cancelled", () => {
    expect(textOf(detail(order()))).toContain("取消這張訂單");
    expect(textOf(detail(order(), true))).toContain("確定要取消訂單");
  });

  it("says why instead, with the way to 客服中心, for one whose invoice can no longer be voided", () => {
    const old = order({ can_cancel: false, cancel_notice: NOTICE });
    for (const confirming of [false, true]) {
      const html = detail(old, confirming);
      expect(textOf(html)).toContain(`取消訂單${NOTICE}客服中心`);
      expect(html).toContain('href="/instructions/customer-service"');
      expect(textOf(html)).not.toContain("取消這張訂單");
      expect(html).not.toContain("確定取消訂單");
    }
  });

  it("announces it (an alert) when it is why the cancel just pressed was refused, and only then", () => {
    const old = order({ can_cancel: false, cancel_notice: NOTICE });
    expect(detail(old, true, NOTICE)).toMatch(/<p role="alert"[^>]*data-testid="cancel-notice"/);
    expect(detail(old, true)).not.toContain('role="alert"');
  });

  it("says nothing where the status says why (ended, shipped)", () => {
    expect(textOf(detail(order({ status: 7, can_cancel: false })))).not.toContain("取消這張訂單");
    expect(detail(order({ status: 7, can_cancel: false }))).not.toContain("order-cancel");
  });
});

describe("the order's amounts", () => {
  it("take overseas from the order's area_type (SPEC §9: no fee), not from its details' country", () => {
    // A masked or absent country must not turn an overseas order's fee back on.
    const overseas = order({ area_type: 1, fee_extra: 300, total: 1_160, details: { invoice_type: 1 } });
    const html = renderToStaticMarkup(<OrderAmounts order={overseas} />);
    expect(html).toContain("改計海外運費");
    expect(html).toContain("NT$1,160");
    const domestic = renderToStaticMarkup(<OrderAmounts order={order({ details: { country: "日本" } })} />);
    expect(domestic).not.toContain("改計海外運費");
    expect(domestic).toContain("NT$940");
  });
});

describe("a refund due on an order (/member/orders?no=, /order-complete)", () => {
  const notice = (o: OrderDetail) => textOf(renderToStaticMarkup(<RefundNotice order={o} />));

  it("on an order that goes on, refunds only the extra payment and says the order is handled as usual", () => {
    for (const status of [4, 5, 7]) {
      const text = notice(order({ status, refund_pending: true }));
      expect(text).toBe("多收款項待退還：這張訂單多收到的一筆款項將由本店退還，訂單照常處理。");
    }
  });

  it("on an order that ended, refunds what it was paid", () => {
    for (const status of [2, 6]) {
      expect(notice(order({ status, refund_pending: true }))).toContain("款項待退還：這張訂單已收到的款項將由本店退還");
    }
  });

  it("is absent with no refund due", () => {
    expect(notice(order())).toBe("");
  });

  it("shows on /order-complete too, above what happens next", () => {
    const path = `/order-complete?order_no=${ORDER_NO}`;
    const view = (o: OrderDetail) => ({
      view: "order",
      orderNo: o.order_no,
      unverified: false,
      title: orderCompleteTitle({ view: "order", order: o }),
      order: o,
    });
    const paid = textOf(renderPage(OrderComplete, path, view(order({ refund_pending: true }))));
    expect(paid).toContain("多收款項待退還");
    expect(paid).toContain("感謝您的訂購，我們已收到您的付款");
    const cancelled = textOf(
      renderPage(OrderComplete, path, view(order({ status: 6, status_label: "取消訂單", refund_pending: true }))),
    );
    expect(cancelled).toContain("款項待退還：這張訂單已收到的款項將由本店退還");
    expect(cancelled).not.toContain("多收款項");
  });
});
