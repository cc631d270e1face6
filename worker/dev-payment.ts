// /_dev/payment: a stand-in for NewebPay's MPG gateway, for local development and the test suite (these machines
// cannot reach NewebPay). Answers 404 unless DEV_PAYMENT is "on" (`config.devPayment`); production never sets it.
//   POST /_dev/payment/mpg_gateway          the payment form: checked as NewebPay would (MerchantID, TradeSha,
//                                           decryption), then a page asking 付款成功 / 付款失敗
//   POST /_dev/payment/mpg_gateway/result   the chosen outcome: the gateway's signed result goes to NotifyURL
//                                           (server to server) and, through the reader's browser, to ReturnURL —
//                                           or for 專戶匯款 (VACC) the issued account to CustomerURL, with no notify
//                                           until 模擬轉帳入帳.
// The notify to this worker's own origin is dispatched in-process (forwardToApi, exactly what /api/frontend/* does)
// rather than fetched: on Cloudflare a Worker's subrequest to its own hostname does not come back to the Worker,
// and in-process the local runs need no network. A NotifyURL on another origin is fetched.
import { type Context, Hono } from "hono";
import { PAY_TYPE_LABEL } from "~/domain/order-labels";
import { formFields, type GatewayResult, sealGatewayReply } from "./api/payment/gateway-reply";
import { type Merchant, merchantOf } from "./api/payment/merchant";
import { openTradeInfo } from "./api/payment/mpg-crypto";
import { METHOD_FLAG, METHOD_FLAGS } from "./api/payment/trade-info";
import { forwardToApi } from "./api-proxy";
import { errorPage, gatewayPage, returnPage } from "./dev-payment-pages";
import type { WorkerEnv } from "./types";

type Flag = (typeof METHOD_FLAGS)[number];

interface Trade {
  fields: Record<string, string>;
  merchantOrderNo: string;
  amount: number;
  itemDesc: string;
  flag: Flag;
  notifyUrl: string;
  returnUrl: string;
  customerUrl: string | null;
}

const FORM_FIELDS = ["MerchantID", "TradeInfo", "TradeSha", "Version"] as const;

const isHttpUrl = (value: string | null): value is string => {
  try {
    return value !== null && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The posted payment form, checked as NewebPay checks it; a Chinese reason when it does not hold. */
async function readTrade(form: Record<string, unknown>, merchant: Merchant): Promise<Trade | string> {
  const fields: Record<string, string> = {};
  for (const name of FORM_FIELDS) {
    const value = form[name];
    if (typeof value !== "string" || !value) return `缺少欄位 ${name}`;
    fields[name] = value;
  }
  if (fields.MerchantID !== merchant.merchantId) return "商店代號（MerchantID）不正確";
  const plain = await openTradeInfo(fields.TradeInfo as string, fields.TradeSha as string, merchant.keys);
  if (plain === null) return "檢查碼（TradeSha）不符或交易資料（TradeInfo）無法解密";
  const params = new URLSearchParams(plain);
  if (params.get("MerchantID") !== merchant.merchantId) return "交易資料的商店代號不正確";
  const amount = Number(params.get("Amt"));
  if (!/^\d{1,9}$/.test(params.get("Amt") ?? "") || amount <= 0) return "交易金額（Amt）不正確";
  const merchantOrderNo = params.get("MerchantOrderNo") ?? "";
  if (!/^\w{1,30}$/.test(merchantOrderNo)) return "商店訂單編號（MerchantOrderNo）不正確";
  const flags = METHOD_FLAGS.filter((flag) => params.get(flag) === "1");
  if (flags.length !== 1) return "付款方式須恰好指定一種";
  const flag = flags[0] as Flag;
  const notifyUrl = params.get("NotifyURL");
  const returnUrl = params.get("ReturnURL");
  const customerUrl = params.get("CustomerURL");
  if (!isHttpUrl(notifyUrl) || !isHttpUrl(returnUrl)) return "缺少 NotifyURL 或 ReturnURL";
  if (flag === "VACC" && !isHttpUrl(customerUrl)) return "專戶匯款須指定 CustomerURL";
  return {
    fields,
    merchantOrderNo,
    amount,
    itemDesc: params.get("ItemDesc") ?? "",
    flag,
    notifyUrl,
    returnUrl,
    customerUrl: isHttpUrl(customerUrl) ? customerUrl : null,
  };
}

function methodLabel(flag: Flag): string {
  const payType = Object.entries(METHOD_FLAG).find(([, name]) => name === flag)?.[0];
  return PAY_TYPE_LABEL[Number(payType) as keyof typeof PAY_TYPE_LABEL] ?? flag;
}

/** Taipei time as NewebPay writes it: "2026-11-23 19:05:35", `days` ahead. */
function taipeiTime(now: Date, days = 0): string {
  return new Date(now.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 19).replace("T", " ");
}

/** Digits derived from the MerchantOrderNo, so the same trade always has the same TradeNo and account. */
async function digitsOf(text: string, count: number): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(hash.slice(0, count), (byte) => String(byte % 10)).join("");
}

type Outcome = "success" | "failure" | "transfer";

async function resultOf(trade: Trade, outcome: Outcome, merchant: Merchant): Promise<GatewayResult> {
  const now = new Date();
  const base = {
    MerchantID: merchant.merchantId,
    Amt: trade.amount,
    TradeNo: `26${await digitsOf(trade.merchantOrderNo, 15)}`,
    MerchantOrderNo: trade.merchantOrderNo,
    PaymentType: trade.flag,
  };
  if (outcome === "failure") return { Status: "MPG03009", Message: "交易失敗（模擬）", Result: base };
  if (trade.flag === "VACC" && outcome === "success") {
    return {
      Status: "SUCCESS",
      Message: "取號成功",
      Result: {
        ...base,
        BankCode: "012",
        CodeNo: `99${await digitsOf(`${trade.merchantOrderNo}/account`, 12)}`,
        ExpireDate: taipeiTime(now, 7).slice(0, 10),
      },
    };
  }
  return { Status: "SUCCESS", Message: "付款成功", Result: { ...base, PayTime: taipeiTime(now) } };
}

/** Thrown when the store has not answered the notify in time. */
class NotifyTimeout extends Error {}

/** How the store answered the notify, in words for the stand-in's page. */
interface NotifyOutcome {
  delivered: boolean;
  note: string;
}

/**
 * Notifies the store as NewebPay would, and says how it went. The store gets API_TIMEOUT_MS to answer, body
 * included, so a store that hangs cannot hang the stand-in's page.
 */
async function sendNotify(c: Context<WorkerEnv>, url: string, fields: Record<string, string>): Promise<NotifyOutcome> {
  const timeoutMs = c.get("config").apiTimeoutMs;
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Request-Id": c.get("requestId") ?? "" },
    body: new URLSearchParams(fields),
  });
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new NotifyTimeout()); // first, so the race ends as a timeout and not as the aborted fetch
      abort.abort();
    }, timeoutMs);
  });
  try {
    const sameOrigin = new URL(url).origin === new URL(c.req.url).origin;
    const sent = sameOrigin
      ? forwardToApi(request, c.env, c.get("config"), {
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        })
      : fetch(request, { signal: abort.signal });
    const reply = await Promise.race([sent, timedOut]);
    const envelope = (await Promise.race([reply.json().catch(() => null), timedOut])) as { code?: number } | null;
    return envelope?.code === 1
      ? { delivered: true, note: "已通知商店（NotifyURL）。" }
      : { delivered: false, note: `通知商店失敗（HTTP ${reply.status}，code ${envelope?.code ?? "?"}）。` };
  } catch (error) {
    if (error instanceof NotifyTimeout) {
      return { delivered: false, note: `通知商店逾時：${timeoutMs / 1000} 秒內沒有回應（NotifyURL）。` };
    }
    return { delivered: false, note: `無法通知商店：${String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

function htmlReply(c: Context<WorkerEnv>, body: ReturnType<typeof errorPage>, status: 200 | 400 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(body, status);
}

export const devPayment = new Hono<WorkerEnv>()
  .use(async (c, next) => {
    if (!c.get("config").devPayment) return c.notFound();
    await next();
  })
  .post("/mpg_gateway", async (c) => {
    const merchant = merchantOf(c.get("config"));
    if (!merchant) return htmlReply(c, errorPage("這個商店沒有設定金流（NEWEBPAY_*）"), 400);
    const trade = await readTrade(await formFields(c.req), merchant);
    if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
    const summary = {
      merchantOrderNo: trade.merchantOrderNo,
      itemDesc: trade.itemDesc,
      amount: trade.amount,
      methodLabel: methodLabel(trade.flag),
      isTransfer: trade.flag === "VACC",
    };
    return htmlReply(c, gatewayPage(summary, `${c.req.path}/result`, trade.fields));
  })
  .post("/mpg_gateway/result", async (c) => {
    const merchant = merchantOf(c.get("config"));
    if (!merchant) return htmlReply(c, errorPage("這個商店沒有設定金流（NEWEBPAY_*）"), 400);
    const form = await formFields(c.req);
    const trade = await readTrade(form, merchant);
    if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
    const outcome = form.outcome;
    if (outcome !== "success" && outcome !== "failure" && !(outcome === "transfer" && trade.flag === "VACC")) {
      return htmlReply(c, errorPage("請選擇付款結果"), 400);
    }
    const result = await resultOf(trade, outcome, merchant);
    const reply = await sealGatewayReply(result, merchant);
    // 專戶匯款: the account goes to CustomerURL; the money (and so the notify) comes later.
    const issuesAccount = trade.flag === "VACC" && outcome === "success";
    const notify = issuesAccount ? null : await sendNotify(c, trade.notifyUrl, reply);
    const title = issuesAccount ? "已產生轉帳帳號" : outcome === "failure" ? "付款失敗" : "付款成功";
    const action = issuesAccount && trade.customerUrl ? trade.customerUrl : trade.returnUrl;
    return htmlReply(c, returnPage({ title, notify }, action, reply, c.get("secureHeadersNonce") ?? ""));
  });
