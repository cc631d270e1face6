// The stand-in NewebPay gateway, run in workerd (Miniflare) on a real local D1 that holds every migration: its pages,
// its own record of trades, the outcomes it sends where, its deadlines and its QueryTradeInfo. NotifyURLs on another
// origin reach a recording stand-in store (Miniflare's outbound service); those on the worker's own origin reach the
// built-in API in-process, as in the running site.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptTradeInfo, sealTradeInfo } from "../api/payment/mpg-crypto";
import { paymentFormFor } from "../api/payment/payment-form";
import { queryTradeForm, replyCheckCode } from "../api/payment/query-trade-signing";
import { applyMigrations } from "../api/testing/d1-harness";
import { parseConfig } from "../config";
import { OUTCOME_LABEL } from "./outcome";
import { QUERY_HANG_MS, QUERY_MISSES_BEFORE_LOCK } from "./query-trade-info";

const credentials = {
  NEWEBPAY_MERCHANT_ID: "MS_LOCAL",
  NEWEBPAY_HASH_KEY: "12345678901234567890123456789012",
  NEWEBPAY_HASH_IV: "1234567890123456",
};
const keys = { hashKey: credentials.NEWEBPAY_HASH_KEY, hashIv: credentials.NEWEBPAY_HASH_IV };
const merchantId = credentials.NEWEBPAY_MERCHANT_ID;
const ORIGIN = "http://shop.test";
/**
 * The worker as a server to itself: the store asks QueryTradeInfo over the network (NEWEBPAY_QUERY_URL, which may be
 * http only on 127.0.0.1), and calls to this address come back into the worker.
 */
const SELF = "http://127.0.0.1:8788";
const variables = {
  SITE_DESCRIPTION: "歡迎光臨",
  ...credentials,
  DEV_PAYMENT: "on",
  NEWEBPAY_QUERY_URL: `${SELF}/_dev/payment/API/QueryTradeInfo`,
};
const config = parseConfig(variables);
/** A store on another origin: its calls are recorded, and it answers the notify with code 1. */
const STORE = "http://store.test";
/** A store on another origin that never answers. */
const HANGING_STORE = "http://hanging-store.test";

/** The worker's parts the stand-in runs among; X-Test-Env overrides variables for one request. */
const HARNESS = `
import { Hono } from "hono";
import { parseConfig } from "../config";
import { devPayment } from "./index";
import { requestId } from "../middleware/request-id";
import { sameOriginWrites } from "../middleware/same-origin";
import { securityHeaders } from "../middleware/security-headers";

export default new Hono()
  .use(requestId)
  .use(securityHeaders({ withCsp: true }))
  .use(async (c, next) => {
    c.set("config", parseConfig({ ...c.env, ...JSON.parse(c.req.header("X-Test-Env") ?? "{}") }));
    await next();
  })
  .use(sameOriginWrites)
  .route("/_dev/payment", devPayment);
`;

let mf: Miniflare;
let db: D1Database;
/** What reached the stores on other origins. */
const storeCalls: { url: string; fields: Record<string, string> }[] = [];
let releaseHangingStore: () => void = () => {};
const hangingStoreReleased = new Promise<void>((resolve) => {
  releaseHangingStore = resolve;
});

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: HARNESS, resolveDir: fileURLToPath(new URL(".", import.meta.url)), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    // Node built-ins (the logger's node:async_hooks) are workerd's own under nodejs_compat, as in wrangler.toml.
    external: ["node:*"],
    mainFields: ["module", "main"],
    target: "es2022",
    define: { __BUILD_ID__: JSON.stringify("test-build"), __BUILD_TIMESTAMP__: "0" },
    write: false,
  });
  const text = (value: string) => ({ type: "text" as const, value });
  mf = new Miniflare({
    workers: [
      {
        config: {
          name: "dev-payment-harness",
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          manifest: {
            mainModule: "harness.js",
            modules: { "harness.js": { type: "esm", contents: bundle.outputFiles[0]?.text ?? "" } },
          },
          env: {
            DB: { type: "d1", id: "dev-payment-test" },
            ...Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, text(value)])),
          },
        },
        dev: {
          outboundService: {
            type: "fetcher",
            handler: async (request, miniflare) => {
              if (request.url.startsWith(SELF)) {
                const { pathname, search } = new URL(request.url);
                const { method, headers } = request;
                return miniflare.dispatchFetch(`${ORIGIN}${pathname}${search}`, {
                  method,
                  headers,
                  body: await request.arrayBuffer(),
                });
              }
              if (request.url.startsWith(HANGING_STORE)) await hangingStoreReleased;
              const fields = Object.fromEntries(new URLSearchParams(await request.text()));
              storeCalls.push({ url: request.url, fields });
              return Response.json({ code: 1, message: "OK" }) as never;
            },
          },
        },
      },
    ],
  });
  db = (await mf.getD1Database("DB")) as unknown as D1Database;
  await applyMigrations(db);
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'r@example.com', 'r', 'x', '')",
    )
    .run();
}, 60_000);

afterAll(async () => {
  releaseHangingStore();
  await mf?.dispose();
});

const request = (path: string, init: RequestInit & { env?: Record<string, string> } = {}) => {
  const { env, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (env) headers.set("X-Test-Env", JSON.stringify(env));
  return mf.dispatchFetch(`${ORIGIN}/_dev/payment/${path}`, {
    ...rest,
    headers,
  } as never) as unknown as Promise<Response>;
};
const post = (path: string, form: Record<string, string>, env?: Record<string, string>) =>
  request(path, { method: "POST", body: new URLSearchParams(form), env });

// ---- Forms and results ----

let tradeCount = 0;
/** A MerchantOrderNo no other test uses (the database lives for the whole file). */
const newMerchantOrderNo = () => `T${Date.now()}${String(++tradeCount).padStart(3, "0")}_1`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The gateway form of a trade on a store at `store`, as checkout makes it; `extra` adds or overrides parameters. */
async function gatewayForm(flag: string, extra: Record<string, string> = {}, store = STORE) {
  const merchantOrderNo = extra.MerchantOrderNo ?? newMerchantOrderNo();
  const params = new URLSearchParams({
    MerchantID: merchantId,
    RespondType: "JSON",
    TimeStamp: String(nowSeconds()),
    Version: "2.0",
    MerchantOrderNo: merchantOrderNo,
    Amt: "1134",
    ItemDesc: "測試訂單",
    Email: "r@example.com",
    ReturnURL: `${store}/return`,
    NotifyURL: `${store}/notify`,
    ...(flag === "VACC" ? { CustomerURL: `${store}/customer` } : {}),
    [flag]: "1",
    ...extra,
  });
  const sealed = await sealTradeInfo(params.toString(), keys);
  return { merchantOrderNo, fields: { MerchantID: merchantId, ...sealed, Version: "2.0" } };
}

/** The hidden fields and action of the page's form. */
function formOf(page: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  const fields = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields: fields as Record<string, string> };
}

interface Result {
  Status: string;
  Message: string;
  Result: Record<string, unknown>;
}

async function resultOf(fields: Record<string, string>): Promise<Result> {
  return JSON.parse((await decryptTradeInfo(fields.TradeInfo ?? "", keys)) ?? "null");
}

/** Picks an outcome: the page, where it sends the reader, and the result it signed. */
async function pick(form: { fields: Record<string, string> }, outcome: string, env?: Record<string, string>) {
  const res = await post("mpg_gateway/result", { ...form.fields, outcome }, env);
  const page = await res.text();
  const back = formOf(page);
  return { res, page, action: back.action, result: res.status === 200 ? await resultOf(back.fields) : null };
}

/** The results the store on another origin was notified of, for one trade, in order. */
async function notifiesOf(merchantOrderNo: string) {
  const notified = storeCalls.filter((call) => call.url === `${STORE}/notify`);
  const results = await Promise.all(notified.map((call) => resultOf(call.fields)));
  return results.filter((result) => result.Result.MerchantOrderNo === merchantOrderNo);
}

async function query(merchantOrderNo: string, amount = 1134, override: Record<string, string> = {}) {
  const form = await queryTradeForm({ merchantId, merchantOrderNo, amount }, keys, nowSeconds());
  for (const [name, value] of Object.entries(override)) form.set(name, value);
  const res = await request("API/QueryTradeInfo", { method: "POST", body: form });
  return { res, body: (await res.json()) as Result };
}

const recorded = (merchantOrderNo: string) =>
  db.prepare("SELECT * FROM dev_gateway_trades WHERE merchant_order_no = ?1").bind(merchantOrderNo).first();

/** Today in Taipei, `days` ahead, as "2026-11-30". */
const taipeiDate = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const PAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

// ---- The store's own orders, for the in-process notify ----

let orderCount = 0;

async function newOrder(payType: number, total = 1134) {
  orderCount += 1;
  const orderNo = `BK20261123-${String(orderCount).padStart(6, "0")}-ABCDEF`;
  const row = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name,
                           member_email, details, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total,
                           created_at)
       VALUES (?3, 1, 1, 0, 0, ?1, 1, '測試讀者', 'reader@example.com', '{}', ?2, 0, 1, 0, 0, 0, ?2,
               '2026-11-23T00:00:00Z')
       RETURNING id`,
    )
    .bind(payType, total, orderNo)
    .first<{ id: number }>();
  const order = { id: row?.id ?? 0, order_no: orderNo, total, pay_type: payType, member_email: "r" };
  const form = await paymentFormFor(
    { env: { DB: db, config }, req: { url: `${ORIGIN}/api/frontend/cart/checkout` } },
    order,
  );
  if (!form) throw new Error("no form");
  return { id: order.id, orderNo, form };
}

const statusOf = async (id: number) =>
  (await db.prepare("SELECT status FROM orders WHERE id = ?1").bind(id).first<{ status: number }>())?.status;

describe("the stand-in payment gateway's pages", () => {
  it("does not exist unless DEV_PAYMENT is on", async () => {
    for (const value of ["", "off", "true", "ON"]) {
      for (const path of ["mpg_gateway", "API/QueryTradeInfo", "trades/X_1/query-mode"]) {
        const res = await post(path, {}, { DEV_PAYMENT: value });
        expect(res.status, `${value} ${path}`).toBe(404);
      }
      expect((await request("trades", { env: { DEV_PAYMENT: value } })).status).toBe(404);
    }
  });

  it("sends checkout's form here and shows the trade in an accessible zh-TW page", async () => {
    const { orderNo, form } = await newOrder(3);
    expect(form.action).toBe(`${ORIGIN}/_dev/payment/mpg_gateway`);
    const res = await post("mpg_gateway", form.fields);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const page = await res.text();
    expect(page).toContain('<html lang="zh-Hant-TW">');
    expect(page).toMatch(/<title>付款｜藍新金流（本機模擬）<\/title>/);
    expect(page).toMatch(/<h1>[^<]+<\/h1>/);
    expect(page).toContain(`${orderNo.replaceAll("-", "")}_1`);
    expect(page).toContain("NT$1,134");
    expect(page).toContain("LINE Pay");
    expect(page).toContain('<button type="submit" name="outcome" value="success">付款成功</button>');
    expect(page).toContain(
      '<button type="submit" name="outcome" value="success-silent" class="secondary">僅扣款，不通知商店</button>',
    );
    expect(page).toContain('value="failure" class="secondary">付款失敗</button>');
    expect(page).not.toContain("模擬轉帳入帳");
    expect(formOf(page)).toEqual({ action: "/_dev/payment/mpg_gateway/result", fields: form.fields });
  });

  it("offers 專戶匯款 its own outcomes, and shows the deadlines it was given", async () => {
    const form = await gatewayForm("VACC", { TradeLimit: "900", ExpireDate: taipeiDate(3).replaceAll("-", "") });
    const page = await (await post("mpg_gateway", form.fields)).text();
    expect(page).toContain("專戶匯款");
    const outcomes = [...page.matchAll(/name="outcome" value="([\w-]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(outcomes).toEqual([
      ["success", OUTCOME_LABEL.success],
      ["failure", OUTCOME_LABEL.failure],
      ["transfer", "模擬轉帳入帳"],
      ["transfer-silent", "僅入帳，不通知商店"],
    ]);
    expect(page).toMatch(/<dt>付款期限<\/dt><dd>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前<\/dd>/);
    expect(page).toContain(`<dt>繳費期限</dt><dd>${taipeiDate(3)}</dd>`);
  });

  it("refuses what NewebPay would refuse with a Chinese page (400), and records nothing", async () => {
    const form = await gatewayForm("CREDIT");
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /缺少欄位 MerchantID/],
      [{ ...form.fields, MerchantID: "MS_OTHER" }, /商店代號/],
      [{ ...form.fields, TradeSha: "0".repeat(64) }, /TradeSha/],
      [{ ...form.fields, TradeInfo: form.fields.TradeInfo.slice(1) }, /TradeSha/],
      [(await gatewayForm("CREDIT", { TradeLimit: "soon" })).fields, /TradeLimit/],
      [(await gatewayForm("VACC", { ExpireDate: "20260230" })).fields, /ExpireDate/],
      [(await gatewayForm("VACC", { ExpireDate: "2026-11-30" })).fields, /ExpireDate/],
      [(await gatewayForm("VACC", { ExpireDate: taipeiDate(181).replaceAll("-", "") })).fields, /最長 180 天/],
    ];
    for (const [fields, reason] of cases) {
      for (const path of ["mpg_gateway", "mpg_gateway/result"]) {
        const res = await post(path, { ...fields, outcome: "success" });
        expect(res.status).toBe(400);
        const page = await res.text();
        expect(page).toContain("無法處理這筆付款");
        expect(page).toMatch(reason);
      }
    }
    expect((await post("mpg_gateway/result", { ...form.fields, outcome: "transfer" })).status).toBe(400);
    expect((await post("mpg_gateway/result", { ...form.fields, outcome: "paid" })).status).toBe(400);
    expect(await recorded(form.merchantOrderNo)).toBeNull();
  });

  it("lists the trades it recorded", async () => {
    const form = await gatewayForm("CREDIT");
    await pick(form, "success-silent");
    const res = await request("trades");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("<h1>模擬金流的交易</h1>");
    expect(page).toContain(`<th scope="row">${form.merchantOrderNo}</th>`);
    expect(page).toContain("已付款");
  });
});

describe("the outcomes, as the store and the stand-in's own record see them", () => {
  it("付款成功 notifies the shop in-process (the order is paid) and posts the signed result back to ReturnURL", async () => {
    const { id, form } = await newOrder(3);
    const { res, page, action, result } = await pick(form, "success");
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe(5);
    expect(action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/return`);
    expect(Object.keys(formOf(page).fields).sort()).toEqual([
      "MerchantID",
      "Status",
      "TradeInfo",
      "TradeSha",
      "Version",
    ]);
    expect(result?.Status).toBe("SUCCESS");
    expect(result?.Result.PayTime).toMatch(PAY_TIME);
    expect(page).toContain("返回商店");
    expect(page).toContain("已通知商店");
    expect(page).not.toContain('role="alert"');
    // The auto-submit script carries the nonce of the reply's CSP.
    const nonce = /<script nonce="([^"]+)">/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    expect(await recorded(result?.Result.MerchantOrderNo as string)).toMatchObject({
      trade_status: 1,
      pay_time: result?.Result.PayTime,
      trade_no: result?.Result.TradeNo,
      payment_type: "LINEPAY",
      amount: 1134,
      query_mode: "normal",
    });
  });

  it("付款失敗 fails the order and the trade", async () => {
    const { id, form } = await newOrder(1);
    const { result } = await pick(form, "failure");
    expect(result?.Status).toBe("MPG03009");
    expect(await statusOf(id)).toBe(3);
    expect(await recorded(result?.Result.MerchantOrderNo as string)).toMatchObject({ trade_status: 2, pay_time: null });
  });

  it("僅扣款，不通知商店 takes the payment without calling NotifyURL, and still returns the reader", async () => {
    const { id, form } = await newOrder(1);
    const { page, action, result } = await pick(form, "success-silent");
    expect(await statusOf(id)).toBe(1);
    expect(action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/return`);
    expect(result).toMatchObject({ Status: "SUCCESS", Result: { PaymentType: "CREDIT" } });
    expect(page).toContain("沒有通知商店");
    expect(page).toContain("<script nonce=");
    expect(await recorded(result?.Result.MerchantOrderNo as string)).toMatchObject({ trade_status: 1 });

    const elsewhere = await gatewayForm("CREDIT");
    await pick(elsewhere, "success-silent");
    expect(await notifiesOf(elsewhere.merchantOrderNo)).toEqual([]);
  });

  it("never turns a paid trade back: a later failure is sent, but the record stays paid", async () => {
    const form = await gatewayForm("CREDIT");
    const paid = await pick(form, "success");
    const failed = await pick(form, "failure");
    expect(failed.result?.Status).toBe("MPG03009");
    expect((await notifiesOf(form.merchantOrderNo)).map((n) => n.Status)).toEqual(["SUCCESS", "MPG03009"]);
    expect(await recorded(form.merchantOrderNo)).toMatchObject({
      trade_status: 1,
      pay_time: paid.result?.Result.PayTime,
    });
  });

  it("refuses the same MerchantOrderNo for another amount", async () => {
    const form = await gatewayForm("CREDIT");
    await pick(form, "failure");
    const other = await gatewayForm("CREDIT", { MerchantOrderNo: form.merchantOrderNo, Amt: "99" });
    const { res, page } = await pick(other, "success");
    expect(res.status).toBe(400);
    expect(page).toContain("重複");
    expect(await recorded(form.merchantOrderNo)).toMatchObject({ amount: 1134, trade_status: 2 });
  });

  it("tells when the store does not answer the notify in time (API_TIMEOUT_MS), instead of hanging", async () => {
    const form = await gatewayForm("LINEPAY", {}, HANGING_STORE);
    const { res, page, action } = await pick(form, "success", { API_TIMEOUT_MS: "150" });
    expect(res.status).toBe(200);
    expect(page).toContain('<p role="alert">通知商店逾時：0.15 秒內沒有回應');
    expect(action).toBe(`${HANGING_STORE}/return`);
    // The page waits for 返回商店, so the failed notify can be read.
    expect(page).not.toContain("<script");
    // The gateway took the payment all the same.
    expect(await recorded(form.merchantOrderNo)).toMatchObject({ trade_status: 1 });
  });
});

describe("專戶匯款 (VACC)", () => {
  it("付款成功 issues the account to NotifyURL and CustomerURL; the order waits for the money", async () => {
    const { id, form } = await newOrder(7);
    const issued = await pick(form, "success");
    expect(issued.action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/customer`);
    expect(issued.page).toContain("已通知商店");
    // The account-issued notify is no payment: the store must not settle on it (PAYMENT.md).
    expect(await statusOf(id)).toBe(1);
    const paid = await pick(form, "transfer");
    expect(paid.action).toBe(`${ORIGIN}/api/frontend/payment/newebpay/return`);
    expect(await statusOf(id)).toBe(5);
  });

  it("sends the account-issued result (no PayTime) and then the transfer's, on the same account", async () => {
    const form = await gatewayForm("VACC");
    const issued = await pick(form, "success");
    expect(issued.action).toBe(`${STORE}/customer`);
    const account = issued.result?.Result ?? {};
    expect(issued.result).toMatchObject({ Status: "SUCCESS", Message: "取號成功" });
    expect(account).toEqual({
      MerchantID: merchantId,
      Amt: 1134,
      TradeNo: expect.stringMatching(/^26\d{15}$/),
      MerchantOrderNo: form.merchantOrderNo,
      PaymentType: "VACC",
      BankCode: "012",
      CodeNo: expect.stringMatching(/^99\d{12}$/),
      ExpireDate: taipeiDate(7),
      ExpireTime: "23:59:59",
    });
    expect(await notifiesOf(form.merchantOrderNo)).toEqual([issued.result]);
    expect(await recorded(form.merchantOrderNo)).toMatchObject({
      trade_status: 0,
      pay_time: null,
      bank_code: "012",
      code_no: account.CodeNo,
      expire_date: taipeiDate(7),
    });

    const paid = await pick(form, "transfer");
    expect(paid.action).toBe(`${STORE}/return`);
    expect(paid.result?.Status).toBe("SUCCESS");
    expect(paid.result?.Result).toMatchObject({
      TradeNo: account.TradeNo,
      PayTime: expect.stringMatching(PAY_TIME),
      PayBankCode: "809",
      PayerAccount5Code: expect.stringMatching(/^\d{5}$/),
      BankCode: "012",
      CodeNo: account.CodeNo,
      ExpireDate: taipeiDate(7),
    });
    expect((await notifiesOf(form.merchantOrderNo)).at(-1)).toEqual(paid.result);
    expect(await recorded(form.merchantOrderNo)).toMatchObject({
      trade_status: 1,
      pay_time: paid.result?.Result.PayTime,
      code_no: account.CodeNo,
    });
  });

  it("僅入帳，不通知商店 pays without a notify", async () => {
    const form = await gatewayForm("VACC");
    await pick(form, "success");
    const paid = await pick(form, "transfer-silent");
    expect(paid.action).toBe(`${STORE}/return`);
    expect(paid.result?.Result.PayTime).toMatch(PAY_TIME);
    expect((await notifiesOf(form.merchantOrderNo)).map((n) => n.Message)).toEqual(["取號成功"]);
    expect(await recorded(form.merchantOrderNo)).toMatchObject({ trade_status: 1 });
  });

  it("takes the ExpireDate it is given, and refuses the transfer once that day has ended in Taipei", async () => {
    const later = await gatewayForm("VACC", { ExpireDate: taipeiDate(3).replaceAll("-", "") });
    expect((await pick(later, "success")).result?.Result.ExpireDate).toBe(taipeiDate(3));
    expect((await pick(later, "transfer")).res.status).toBe(200);

    const today = await gatewayForm("VACC", { ExpireDate: taipeiDate(0).replaceAll("-", "") });
    expect((await pick(today, "transfer-silent")).res.status).toBe(200);

    const past = await gatewayForm("VACC", { ExpireDate: taipeiDate(-1).replaceAll("-", "") });
    expect((await pick(past, "success")).result?.Result.ExpireDate).toBe(taipeiDate(-1));
    for (const outcome of ["transfer", "transfer-silent"]) {
      const { res, page } = await pick(past, outcome);
      expect(res.status).toBe(400);
      expect(page).toContain(`已超過繳費期限（ExpireDate ${taipeiDate(-1)}）`);
    }
    expect(await recorded(past.merchantOrderNo)).toMatchObject({ trade_status: 0, pay_time: null });
  });
});

describe("TradeLimit", () => {
  it("refuses the page and every outcome once TimeStamp + TradeLimit has passed, and records nothing", async () => {
    const late = await gatewayForm("CREDIT", { TimeStamp: String(nowSeconds() - 61), TradeLimit: "60" });
    for (const path of ["mpg_gateway", "mpg_gateway/result"]) {
      const res = await post(path, { ...late.fields, outcome: "success" });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("已超過付款期限（TradeLimit）");
    }
    expect(await recorded(late.merchantOrderNo)).toBeNull();
    expect(await notifiesOf(late.merchantOrderNo)).toEqual([]);
  });

  it("counts as NewebPay does: at least 60 seconds, and 0 for none", async () => {
    const clamped = await gatewayForm("CREDIT", { TimeStamp: String(nowSeconds() - 30), TradeLimit: "1" });
    expect((await pick(clamped, "success")).res.status).toBe(200);
    const none = await gatewayForm("CREDIT", { TimeStamp: String(nowSeconds() - 86_400), TradeLimit: "0" });
    expect((await pick(none, "success")).res.status).toBe(200);
  });

  it("does not stop the money arriving later on an account issued in time", async () => {
    const form = await gatewayForm("VACC", { TimeStamp: String(nowSeconds() - 58), TradeLimit: "60" });
    expect((await pick(form, "success")).res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await post("mpg_gateway", form.fields)).status).toBe(400);
    expect((await pick(form, "failure")).res.status).toBe(400);
    expect((await pick(form, "transfer")).res.status).toBe(200);
    // Without an account issued in time there is nothing to pay into.
    const never = await gatewayForm("VACC", { TimeStamp: String(nowSeconds() - 61), TradeLimit: "60" });
    expect((await pick(never, "transfer")).res.status).toBe(400);
  }, 15_000);
});

describe("QueryTradeInfo", () => {
  it("answers a paid trade from its own record, signed with CheckCode, to a plain server-to-server POST", async () => {
    const form = await gatewayForm("CREDIT");
    const { result } = await pick(form, "success-silent");
    const { res, body } = await query(form.merchantOrderNo);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const tradeNo = result?.Result.TradeNo as string;
    expect(body).toEqual({
      Status: "SUCCESS",
      Message: "查詢成功",
      Result: {
        MerchantID: merchantId,
        Amt: 1134,
        TradeNo: tradeNo,
        MerchantOrderNo: form.merchantOrderNo,
        TradeStatus: 1,
        PaymentType: "CREDIT",
        PayTime: result?.Result.PayTime,
        CheckCode: await replyCheckCode(
          { merchantId, merchantOrderNo: form.merchantOrderNo, amount: 1134, tradeNo },
          keys,
        ),
      },
    });
  });

  it("answers an issued account as unpaid (TradeStatus 0, no PayTime), with the account", async () => {
    const form = await gatewayForm("VACC");
    const issued = await pick(form, "success");
    const { body } = await query(form.merchantOrderNo);
    expect(body.Result).toMatchObject({
      TradeStatus: 0,
      PayTime: "",
      PaymentType: "VACC",
      BankCode: "012",
      CodeNo: issued.result?.Result.CodeNo,
      ExpireDate: taipeiDate(7),
    });
    await pick(form, "transfer");
    expect((await query(form.merchantOrderNo)).body.Result).toMatchObject({
      TradeStatus: 1,
      PayTime: expect.stringMatching(PAY_TIME),
    });
  });

  it("answers a failed trade with TradeStatus 2", async () => {
    const form = await gatewayForm("WEBATM");
    await pick(form, "failure");
    expect((await query(form.merchantOrderNo)).body.Result).toMatchObject({ TradeStatus: 2, PayTime: "" });
  });

  it("answers from its own record alone: an attempt the store opened but no reader took is unknown to it", async () => {
    const { form } = await newOrder(1);
    const trade = new URLSearchParams((await decryptTradeInfo(form.fields.TradeInfo, keys)) ?? "");
    expect((await query(trade.get("MerchantOrderNo") ?? "")).body.Status).toBe("TRA20002");
  });

  it("checks the request in NewebPay's order, each with its code, always HTTP 200", async () => {
    const form = await gatewayForm("CREDIT");
    await pick(form, "success-silent");
    const no = form.merchantOrderNo;
    const cases: [Record<string, string>, string, string][] = [
      [{ MerchantID: "MS_OTHER", Amt: "0" }, "TRA10001", "商店代號錯誤"],
      [{ Amt: "0", TimeStamp: "x" }, "TRA10003", "金額必須為數字且大於0元"],
      [{ Amt: "-5" }, "TRA10003", "金額必須為數字且大於0元"],
      [{ Amt: "12.5" }, "TRA10003", "金額必須為數字且大於0元"],
      [{ TimeStamp: "soon", CheckValue: "X" }, "TRA40014", "TimeStamp 欄位錯誤"],
      [{ TimeStamp: String(nowSeconds() - 121) }, "TRA40014", "TimeStamp 欄位錯誤"],
      // 122: nowSeconds() rounds down, so +121 is within the 120 s once the gateway's clock has passed the next second.
      [{ TimeStamp: String(nowSeconds() + 122) }, "TRA40014", "TimeStamp 欄位錯誤"],
      [{ CheckValue: "0".repeat(64) }, "TRA10054", "CheckValue 有錯誤"],
      [{ Amt: "1135" }, "TRA10054", "CheckValue 有錯誤"],
      [{ MerchantOrderNo: `${no}0` }, "TRA10054", "CheckValue 有錯誤"],
    ];
    for (const [override, code, message] of cases) {
      const { res, body } = await query(no, 1134, override);
      expect(res.status, code).toBe(200);
      expect(body, JSON.stringify(override)).toEqual({ Status: code, Message: message, Result: {} });
    }
    // Signed right for another amount or another order: 查無交易資料, echoing what was asked.
    expect((await query(no, 1135)).body).toEqual({
      Status: "TRA20002",
      Message: "查無交易資料",
      Result: { MerchantID: merchantId, MerchantOrderNo: no, Amt: 1135 },
    });
    expect((await query(`${no}0`)).body.Status).toBe("TRA20002");
    expect((await query(no, 1134, { TimeStamp: String(nowSeconds() - 100) })).body.Status).toBe("SUCCESS");
  });

  it(`locks for 4 hours once the hour's 查無交易資料 look-ups reach ${QUERY_MISSES_BEFORE_LOCK}`, async () => {
    const known = await gatewayForm("CREDIT");
    await pick(known, "success-silent");
    const seedMisses = (count: number, minutesAgo: number) =>
      db
        .prepare(
          `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
           INSERT INTO dev_gateway_query_misses (missed_at) SELECT ?2 FROM n`,
        )
        .bind(count, new Date(Date.now() - minutesAgo * 60_000).toISOString())
        .run();
    const missing = `${known.merchantOrderNo}9`;
    await db.prepare("DELETE FROM dev_gateway_query_misses").run();
    try {
      // Misses older than an hour do not count.
      await seedMisses(QUERY_MISSES_BEFORE_LOCK, 61);
      expect((await query(missing)).body.Status).toBe("TRA20002");
      expect((await query(known.merchantOrderNo)).body.Status).toBe("SUCCESS");
      await seedMisses(QUERY_MISSES_BEFORE_LOCK - 3, 30);
      expect((await query(missing)).body.Status).toBe("TRA20002");
      expect((await query(known.merchantOrderNo)).body.Status).toBe("SUCCESS");
      // The miss that reaches the limit is still answered; from then on every query is refused, a known trade's too.
      expect((await query(missing)).body.Status).toBe("TRA20002");
      expect((await query(known.merchantOrderNo)).body).toEqual({
        Status: "TRA10071",
        Message: "查詢功能已鎖定，請4小時後再試",
        Result: { MerchantID: merchantId, MerchantOrderNo: known.merchantOrderNo, Amt: 1134 },
      });
      // A request at fault is still told so first.
      expect((await query(known.merchantOrderNo, 1134, { CheckValue: "0" })).body.Status).toBe("TRA10054");
      const lock = await db
        .prepare("SELECT locked_until FROM dev_gateway_query_lock")
        .first<{ locked_until: string }>();
      const hours = (Date.parse(lock?.locked_until ?? "") - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(3.99);
      expect(hours).toBeLessThanOrEqual(4);
    } finally {
      await db.batch([
        db.prepare("DELETE FROM dev_gateway_query_misses"),
        db.prepare("DELETE FROM dev_gateway_query_lock"),
      ]);
    }
    expect((await query(known.merchantOrderNo)).body.Status).toBe("SUCCESS");
  });

  it("stalls on one trade whose query mode is hang, and on that one only", async () => {
    const stalled = await gatewayForm("CREDIT");
    const other = await gatewayForm("CREDIT");
    await pick(stalled, "success-silent");
    await pick(other, "success-silent");

    const switchMode = (no: string, mode: string) => post(`trades/${no}/query-mode`, { mode });
    const switched = await switchMode(stalled.merchantOrderNo, "hang");
    expect(switched.status).toBe(200);
    expect(await switched.json()).toEqual({ merchant_order_no: stalled.merchantOrderNo, query_mode: "hang" });
    expect(await recorded(stalled.merchantOrderNo)).toMatchObject({ query_mode: "hang", trade_status: 1 });

    const hanging = query(stalled.merchantOrderNo).then(
      () => "answered",
      () => "aborted",
    );
    const waited = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_500));
    expect((await query(other.merchantOrderNo)).body.Status).toBe("SUCCESS");
    expect(await Promise.race([hanging, waited])).toBe("still waiting");
    expect(QUERY_HANG_MS).toBeGreaterThanOrEqual(30_000);

    expect(await (await switchMode(stalled.merchantOrderNo, "normal")).json()).toMatchObject({ query_mode: "normal" });
    expect((await query(stalled.merchantOrderNo)).body.Result).toMatchObject({ TradeStatus: 1 });

    const unknown = await switchMode(`${stalled.merchantOrderNo}9`, "hang");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toContain("沒有這筆交易");
    const bad = await switchMode(stalled.merchantOrderNo, "slow");
    expect(bad.status).toBe(400);
    expect(await recorded(stalled.merchantOrderNo)).toMatchObject({ query_mode: "normal" });
  });
});
