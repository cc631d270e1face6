import { Hono } from "hono";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { paymentFormFor } from "./api/payment/payment-form";
import { sqliteD1 } from "./api/testing/sqlite-d1";
import { parseConfig } from "./config";
import { devPayment } from "./dev-payment";
import { configMiddleware } from "./middleware/config";
import { requestId } from "./middleware/request-id";
import { securityHeaders } from "./middleware/security-headers";
import type { WorkerEnv } from "./types";

const credentials = {
  NEWEBPAY_MERCHANT_ID: "MS_LOCAL",
  NEWEBPAY_HASH_KEY: "12345678901234567890123456789012",
  NEWEBPAY_HASH_IV: "1234567890123456",
};
const config = parseConfig({ SITE_DESCRIPTION: "歡迎光臨", ...credentials, DEV_PAYMENT: "on" });
const ORIGIN = "http://shop.test";

const appWith = (devPaymentValue: string) =>
  new Hono<WorkerEnv>()
    .use(requestId)
    .use(securityHeaders({ withCsp: true }))
    .use(configMiddleware(parseConfig({ SITE_DESCRIPTION: "歡迎光臨", ...credentials, DEV_PAYMENT: devPaymentValue })))
    .route("/_dev/payment", devPayment);

let db: D1Database;
const app = appWith("on");
const post = (path: string, form: Record<string, string>) =>
  app.request(`${ORIGIN}/_dev/payment/${path}`, { method: "POST", body: new URLSearchParams(form) }, { DB: db });

async function newOrder(payType: number, total = 1134) {
  const row = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name,
                           member_email, details, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total,
                           created_at)
       VALUES ('BK20261123-000001-ABCDEF', 1, 1, 0, 0, ?1, 1, '測試讀者', 'reader@example.com', '{}', ?2, 0, 1, 0, 0, 0,
               ?2, '2026-11-23T00:00:00Z')
       RETURNING id`,
    )
    .bind(payType, total)
    .first<{ id: number }>();
  const order = { id: row?.id ?? 0, order_no: "BK20261123-000001-ABCDEF", total, pay_type: payType, member_email: "r" };
  const form = await paymentFormFor(
    { env: { DB: db, config }, req: { url: `${ORIGIN}/api/frontend/cart/checkout` } },
    order,
  );
  if (!form) throw new Error("no form");
  return { id: order.id, form };
}

const statusOf = async (id: number) =>
  (await db.prepare("SELECT status FROM orders WHERE id = ?1").bind(id).first<{ status: number }>())?.status;

/** The hidden fields and action of the page's form. */
function formOf(page: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields: fields as Record<string, string> };
}

beforeEach(async () => {
  db = sqliteD1();
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'r@example.com', 'r', 'x', '')",
    )
    .run();
});

describe("the stand-in payment gateway", () => {
  it("does not exist unless DEV_PAYMENT is on", async () => {
    for (const value of ["", "off", "true", "ON"]) {
      const res = await appWith(value).request("/_dev/payment/mpg_gateway", { method: "POST" }, { DB: db });
      expect(res.status, value).toBe(404);
    }
  });

  it("sends checkout's form here and shows the trade in an accessible zh-TW page", async () => {
    const { form } = await newOrder(3);
    expect(form.action).toBe(`${ORIGIN}/_dev/payment/mpg_gateway`);
    const res = await post("mpg_gateway", form.fields);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page).toMatch(/<title>付款｜藍新金流（本機模擬）<\/title>/);
    expect(page).toMatch(/<h1>[^<]+<\/h1>/);
    expect(page).toContain("BK20261123000001ABCDEF_1");
    expect(page).toContain("NT$1,134");
    expect(page).toContain("LINE Pay");
    expect(page).toContain('<button type="submit" name="outcome" value="success">付款成功</button>');
    expect(page).toContain("付款失敗");
    expect(page).not.toContain("模擬轉帳入帳");
    expect(formOf(page)).toEqual({ action: "/_dev/payment/mpg_gateway/result", fields: form.fields });
  });

  it("refuses what NewebPay would refuse with a Chinese page (400)", async () => {
    const { form } = await newOrder(1);
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /缺少欄位 MerchantID/],
      [{ ...form.fields, MerchantID: "MS_OTHER" }, /商店代號/],
      [{ ...form.fields, TradeSha: "0".repeat(64) }, /TradeSha/],
      [{ ...form.fields, TradeInfo: form.fields.TradeInfo.slice(1) }, /TradeSha/],
    ];
    for (const [fields, reason] of cases) {
      const res = await post("mpg_gateway", fields);
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain("無法處理這筆付款");
      expect(page).toMatch(reason);
    }
    expect((await post("mpg_gateway/result", { ...form.fields, outcome: "transfer" })).status).toBe(400);
  });

  it("付款成功 notifies the shop (the order is paid) and posts the signed result back to ReturnURL", async () => {
    const { id, form } = await newOrder(3);
    const res = await post("mpg_gateway/result", { ...form.fields, outcome: "success" });
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe(5);
    const page = await res.text();
    const back = formOf(page);
    expect(back.action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/return`);
    expect(Object.keys(back.fields).sort()).toEqual(["MerchantID", "Status", "TradeInfo", "TradeSha", "Version"]);
    expect(back.fields.Status).toBe("SUCCESS");
    expect(page).toContain("返回商店");
    expect(page).toContain("已通知商店");
    expect(page).not.toContain('role="alert"');
    // The auto-submit script carries the nonce of the reply's CSP.
    const nonce = /<script nonce="([^"]+)">/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
  });

  it("tells when the store does not answer the notify in time (API_TIMEOUT_MS), instead of hanging", async () => {
    const quick = new Hono<WorkerEnv>()
      .use(requestId)
      .use(securityHeaders({ withCsp: true }))
      .use(
        configMiddleware(
          parseConfig({ SITE_DESCRIPTION: "歡迎光臨", ...credentials, DEV_PAYMENT: "on", API_TIMEOUT_MS: "150" }),
        ),
      )
      .route("/_dev/payment", devPayment);
    // A store on another origin, whose notify endpoint never answers.
    const row = await db
      .prepare(
        `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type,
                             member_name, member_email, details, subtotal, fee, no_fee, discount_price, fee_extra,
                             total_revise, total, created_at)
         VALUES ('BK20261123-000002-ABCDEF', 1, 1, 0, 0, 3, 1, '測試讀者', 'r@example.com', '{}', 500, 0, 1, 0, 0, 0,
                 500, '2026-11-23T00:00:00Z')
         RETURNING id`,
      )
      .first<{ id: number }>();
    const order = {
      id: row?.id ?? 0,
      order_no: "BK20261123-000002-ABCDEF",
      total: 500,
      pay_type: 3,
      member_email: "r",
    };
    const form = await paymentFormFor(
      { env: { DB: db, config }, req: { url: "http://store.test/api/frontend/cart/checkout" } },
      order,
    );
    if (!form) throw new Error("no form");
    const hanging = vi.fn((_: Request, init?: RequestInit) => {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    });
    vi.stubGlobal("fetch", hanging);
    try {
      const res = await quick.request(
        `${ORIGIN}/_dev/payment/mpg_gateway/result`,
        { method: "POST", body: new URLSearchParams({ ...form.fields, outcome: "success" }) },
        { DB: db },
      );
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(hanging).toHaveBeenCalledOnce();
      expect(page).toContain('<p role="alert">通知商店逾時：0.15 秒內沒有回應');
      expect(formOf(page).action).toBe("http://store.test/api/frontend/payment/newebpay/return");
      // The page waits for 返回商店, so the failed notify can be read.
      expect(page).not.toContain("<script");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("付款失敗 fails the order", async () => {
    const { id, form } = await newOrder(1);
    const res = await post("mpg_gateway/result", { ...form.fields, outcome: "failure" });
    expect(formOf(await res.text()).fields.Status).toBe("MPG03009");
    expect(await statusOf(id)).toBe(3);
  });

  it("專戶匯款: 付款成功 issues an account to CustomerURL without a notify; 模擬轉帳入帳 pays", async () => {
    const { id, form } = await newOrder(7);
    const gateway = await (await post("mpg_gateway", form.fields)).text();
    expect(gateway).toContain("專戶匯款");
    expect(gateway).toContain('value="transfer"');
    const issued = await (await post("mpg_gateway/result", { ...form.fields, outcome: "success" })).text();
    const toCustomer = formOf(issued);
    expect(toCustomer.action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/customer`);
    expect(await statusOf(id)).toBe(1);
    const paid = await (await post("mpg_gateway/result", { ...form.fields, outcome: "transfer" })).text();
    expect(formOf(paid).action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/return`);
    expect(await statusOf(id)).toBe(5);
  });
});
