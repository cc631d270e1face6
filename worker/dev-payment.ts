// /_dev/payment: a stand-in for NewebPay's MPG gateway and its QueryTradeInfo, for local development and the test
// suite (these machines cannot reach NewebPay). Answers 404 unless DEV_PAYMENT is "on" (`config.devPayment`);
// production never sets it.
//   POST /_dev/payment/mpg_gateway          the payment form: checked as NewebPay would (MerchantID, TradeSha,
//                                           decryption, TradeLimit), then a page asking for an outcome
//   POST /_dev/payment/mpg_gateway/result   the chosen outcome, recorded in the stand-in's own trades; the signed
//                                           result goes to NotifyURL (server to server, unless the outcome is one of
//                                           the silent ones) and, through the reader's browser, to ReturnURL — or for
//                                           專戶匯款 (VACC) the issued account to NotifyURL and CustomerURL, with the
//                                           money's notify at 模擬轉帳入帳.
//   POST /_dev/payment/API/QueryTradeInfo   NewebPay's trade query, answered from the stand-in's trades alone
//   POST /_dev/payment/trades/{no}/query-mode   mode=normal|hang: whether QueryTradeInfo stalls on that one trade
//   GET  /_dev/payment/trades               the recorded trades, newest first
// The stand-in never reads the store's tables (orders, payment_attempts): its answers come from what it decided, so
// the store's reconciler meets a gateway that can disagree with it, as NewebPay can.
// The notify to this worker's own origin is dispatched in-process (forwardToApi, exactly what /api/frontend/* does)
// rather than fetched: on Cloudflare a Worker's subrequest to its own hostname does not come back to the Worker,
// and in-process the local runs need no network. A NotifyURL on another origin is fetched.
import { type Context, Hono } from "hono";
import { PAY_TYPE_LABEL } from "~/domain/order-labels";
import { formFields, type GatewayResult, sealGatewayReply } from "./api/payment/gateway-reply";
import { type Merchant, merchantOf } from "./api/payment/merchant";
import { openTradeInfo, sameInConstantTime } from "./api/payment/mpg-crypto";
import { QUERY_ERROR, queryCheckValue, replyCheckCode, TRADE_STATUS } from "./api/payment/query-trade-signing";
import { METHOD_FLAG, METHOD_FLAGS } from "./api/payment/trade-info";
import { forwardToApi } from "./api-proxy";
import { errorPage, gatewayPage, returnPage, type TradeRow, tradesPage } from "./dev-payment-pages";
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
  /** When the reader's time on the gateway's pages ends (TimeStamp + TradeLimit), in ms; null without TradeLimit. */
  payBy: number | null;
  /** VACC: the account's last day asked for (ExpireDate, as "2026-11-30"); null for the gateway's default. */
  expireDate: string | null;
}

const FORM_FIELDS = ["MerchantID", "TradeInfo", "TradeSha", "Version"] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TAIPEI_OFFSET_MS = 8 * HOUR_MS;

/** TradeLimit as NewebPay's MPG counts it: 1–59 seconds count as 60, more than 900 as 900, absent or 0 as none. */
const TRADE_LIMIT_MIN_SECONDS = 60;
const TRADE_LIMIT_MAX_SECONDS = 900;
/** A transfer account's default life, and the longest ExpireDate NewebPay takes. */
const ACCOUNT_DEFAULT_DAYS = 7;
const ACCOUNT_MAX_DAYS = 180;
const ACCOUNT_BANK_CODE = "012";
/** The bank a simulated transfer comes from (the payer's, PayBankCode). */
const PAYER_BANK_CODE = "809";

/** QueryTradeInfo: how far TimeStamp may be from now, in seconds. */
const QUERY_TIMESTAMP_TOLERANCE_SECONDS = 120;
/**
 * 查無交易資料 look-ups within an hour that lock QueryTradeInfo (TRA10071), as NewebPay does. High on purpose: the
 * shared test servers' reconcilers must never reach it by accident; the unit tests reach it by seeding the misses.
 */
export const QUERY_MISSES_BEFORE_LOCK = 500;
const QUERY_MISS_WINDOW_MS = HOUR_MS;
const QUERY_LOCK_MS = 4 * HOUR_MS;
/** How long QueryTradeInfo stalls on a trade in 'hang' mode: far past any store's upstream timeout. */
export const QUERY_HANG_MS = 30_000;

export const QUERY_MODES = ["normal", "hang"] as const;
type QueryMode = (typeof QUERY_MODES)[number];

/** The listing shows the newest trades only. */
const TRADES_LISTED = 100;

/** The outcomes a reader can pick, and their buttons. The silent ones take the payment but never call NotifyURL. */
export const OUTCOME_LABEL = {
  success: "付款成功",
  "success-silent": "付款成功（不通知商店）",
  failure: "付款失敗",
  transfer: "模擬轉帳入帳",
  "transfer-silent": "模擬轉帳入帳（不通知商店）",
} as const;
type Outcome = keyof typeof OUTCOME_LABEL;

/** The outcomes of a method, in the page's order. For VACC 付款成功 issues the account; the transfer pays. */
function outcomesOf(flag: Flag): readonly Outcome[] {
  return flag === "VACC"
    ? ["success", "failure", "transfer", "transfer-silent"]
    : ["success", "success-silent", "failure"];
}

const isHttpUrl = (value: string | null): value is string => {
  try {
    return value !== null && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** TradeLimit in seconds (0: none), or null when it is not a number. */
function tradeLimitOf(value: string | null): number | null {
  if (value === null || value === "") return 0;
  if (!/^\d{1,6}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds === 0 ? 0 : Math.min(Math.max(seconds, TRADE_LIMIT_MIN_SECONDS), TRADE_LIMIT_MAX_SECONDS);
}

/** Taipei time as NewebPay writes it: "2026-11-23 19:05:35", `days` ahead. */
function taipeiTime(now: Date, days = 0): string {
  return new Date(now.getTime() + TAIPEI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The moment a Taipei day ("2026-11-30") ends, in ms. */
const endOfTaipeiDay = (date: string) => Date.parse(`${date}T00:00:00+08:00`) + DAY_MS;

/** An ExpireDate ("20261130") as "2026-11-30", or a Chinese reason. Past days are taken, so expiry can be tested. */
function expireDateOf(value: string, now: Date): string | { reason: string } {
  const date = /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : "";
  const parsed = Date.parse(`${date}T00:00:00Z`);
  // The round trip refuses days that do not exist (20260230), which Date would carry into the next month.
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== date) {
    return { reason: "繳費期限（ExpireDate）不是有效的日期（YYYYMMDD）" };
  }
  if (endOfTaipeiDay(date) > endOfTaipeiDay(taipeiTime(now, ACCOUNT_MAX_DAYS).slice(0, 10))) {
    return { reason: `繳費期限（ExpireDate）最長 ${ACCOUNT_MAX_DAYS} 天` };
  }
  return date;
}

/** The posted payment form, checked as NewebPay checks it; a Chinese reason when it does not hold. */
async function readTrade(form: Record<string, unknown>, merchant: Merchant, now: Date): Promise<Trade | string> {
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
  const tradeLimit = tradeLimitOf(params.get("TradeLimit"));
  if (tradeLimit === null) return "交易限制秒數（TradeLimit）不正確";
  const timestamp = params.get("TimeStamp") ?? "";
  if (tradeLimit > 0 && !/^\d{1,12}$/.test(timestamp)) return "交易時間（TimeStamp）不正確";
  let expireDate: string | null = null;
  const askedExpireDate = params.get("ExpireDate");
  if (flag === "VACC" && askedExpireDate) {
    const date = expireDateOf(askedExpireDate, now);
    if (typeof date !== "string") return date.reason;
    expireDate = date;
  }
  return {
    fields,
    merchantOrderNo,
    amount,
    itemDesc: params.get("ItemDesc") ?? "",
    flag,
    notifyUrl,
    returnUrl,
    customerUrl: isHttpUrl(customerUrl) ? customerUrl : null,
    payBy: tradeLimit > 0 ? (Number(timestamp) + tradeLimit) * 1000 : null,
    expireDate,
  };
}

const TRADE_LIMIT_PASSED = "已超過付款期限（TradeLimit），請回到商店重新付款";

function methodLabel(flag: Flag): string {
  const payType = Object.entries(METHOD_FLAG).find(([, name]) => name === flag)?.[0];
  return PAY_TYPE_LABEL[Number(payType) as keyof typeof PAY_TYPE_LABEL] ?? flag;
}

/** Digits derived from the MerchantOrderNo, so the same trade always has the same TradeNo and account. */
async function digitsOf(text: string, count: number): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(hash.slice(0, count), (byte) => String(byte % 10)).join("");
}

// ---- The stand-in's own trades (migration 0018) ----

/** A row of dev_gateway_trades. */
interface StoredTrade extends TradeRow {
  query_mode: QueryMode;
}

const findTrade = (db: D1Database, merchantOrderNo: string) =>
  db
    .prepare("SELECT * FROM dev_gateway_trades WHERE merchant_order_no = ?1")
    .bind(merchantOrderNo)
    .first<StoredTrade>();

/** What an outcome makes of the trade. */
interface TradeState {
  status: number;
  payTime: string | null;
  account: TransferAccount | null;
}

/** Records an outcome. A paid trade stays as it was paid: a later outcome, even a failure, changes nothing. */
async function recordTrade(db: D1Database, trade: Trade, tradeNo: string, state: TradeState, now: Date) {
  await db
    .prepare(
      `INSERT INTO dev_gateway_trades (merchant_order_no, amount, trade_no, payment_type, trade_status, pay_time,
                                       bank_code, code_no, expire_date, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)
       ON CONFLICT (merchant_order_no) DO UPDATE SET
         trade_status = excluded.trade_status,
         pay_time = excluded.pay_time,
         bank_code = COALESCE(excluded.bank_code, bank_code),
         code_no = COALESCE(excluded.code_no, code_no),
         expire_date = COALESCE(excluded.expire_date, expire_date),
         updated_at = excluded.updated_at
       WHERE trade_status <> ?11`,
    )
    .bind(
      trade.merchantOrderNo,
      trade.amount,
      tradeNo,
      trade.flag,
      state.status,
      state.payTime,
      state.account?.BankCode ?? null,
      state.account?.CodeNo ?? null,
      state.account?.ExpireDate ?? null,
      now.toISOString(),
      TRADE_STATUS.paid,
    )
    .run();
}

// ---- What the gateway says for an outcome ----

interface TransferAccount {
  BankCode: string;
  CodeNo: string;
  /** The account's last day, "2026-11-30" (NewebPay's Y-m-d). */
  ExpireDate: string;
}

/** The trade's account: the one already issued, else a new one lasting to ExpireDate or the default 7 days. */
async function accountOf(trade: Trade, known: StoredTrade | null, now: Date): Promise<TransferAccount> {
  return {
    BankCode: known?.bank_code ?? ACCOUNT_BANK_CODE,
    CodeNo: known?.code_no ?? `99${await digitsOf(`${trade.merchantOrderNo}/account`, 12)}`,
    ExpireDate: known?.expire_date ?? trade.expireDate ?? taipeiTime(now, ACCOUNT_DEFAULT_DAYS).slice(0, 10),
  };
}

interface Decision {
  result: GatewayResult;
  state: TradeState;
  tradeNo: string;
  notifies: boolean;
  /** Where the reader's browser takes the result. */
  action: string;
  title: string;
}

/** What an outcome does, or a Chinese reason when the gateway would refuse it now. */
async function decide(
  trade: Trade,
  outcome: Outcome,
  merchant: Merchant,
  known: StoredTrade | null,
  now: Date,
): Promise<Decision | string> {
  const tradeNo = known?.trade_no ?? `26${await digitsOf(trade.merchantOrderNo, 15)}`;
  const base = {
    MerchantID: merchant.merchantId,
    Amt: trade.amount,
    TradeNo: tradeNo,
    MerchantOrderNo: trade.merchantOrderNo,
    PaymentType: trade.flag,
  };
  const payTime = taipeiTime(now);
  const silent = outcome === "success-silent" || outcome === "transfer-silent";
  const back = { tradeNo, notifies: !silent, action: trade.returnUrl };
  if (outcome === "failure") {
    return {
      ...back,
      result: { Status: "MPG03009", Message: "交易失敗（模擬）", Result: base },
      state: { status: TRADE_STATUS.failed, payTime: null, account: null },
      title: "付款失敗",
    };
  }
  if (trade.flag !== "VACC") {
    return {
      ...back,
      result: { Status: "SUCCESS", Message: "付款成功", Result: { ...base, PayTime: payTime } },
      state: { status: TRADE_STATUS.paid, payTime, account: null },
      title: "付款成功",
    };
  }
  const account = await accountOf(trade, known, now);
  if (outcome === "success") {
    // The account-issued result: Status SUCCESS but no PayTime, which is no payment (PAYMENT.md). Some NewebPay
    // integrations get it at NotifyURL too, so the store meets it there as well as at CustomerURL.
    return {
      ...back,
      result: { Status: "SUCCESS", Message: "取號成功", Result: { ...base, ...account, ExpireTime: "23:59:59" } },
      state: { status: TRADE_STATUS.unpaid, payTime: null, account },
      action: trade.customerUrl ?? trade.returnUrl,
      title: "已產生轉帳帳號",
    };
  }
  if (now.getTime() >= endOfTaipeiDay(account.ExpireDate)) {
    return `已超過繳費期限（ExpireDate ${account.ExpireDate}），這個帳號不再入帳`;
  }
  const payer = {
    PayBankCode: PAYER_BANK_CODE,
    PayerAccount5Code: await digitsOf(`${trade.merchantOrderNo}/payer`, 5),
  };
  return {
    ...back,
    result: { Status: "SUCCESS", Message: "付款成功", Result: { ...base, PayTime: payTime, ...payer, ...account } },
    state: { status: TRADE_STATUS.paid, payTime, account },
    title: "轉帳已入帳",
  };
}

// ---- NotifyURL ----

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

// ---- QueryTradeInfo ----

interface QueryReply {
  Status: string;
  Message: string;
  Result: Record<string, string | number>;
}

const QUERY_MESSAGE: Record<(typeof QUERY_ERROR)[keyof typeof QUERY_ERROR], string> = {
  [QUERY_ERROR.badMerchant]: "商店代號錯誤",
  [QUERY_ERROR.badAmount]: "金額必須為數字且大於0元",
  [QUERY_ERROR.badTimestamp]: "TimeStamp 欄位錯誤",
  [QUERY_ERROR.badCheckValue]: "CheckValue 有錯誤",
  [QUERY_ERROR.locked]: "查詢功能已鎖定，請4小時後再試",
  [QUERY_ERROR.notFound]: "查無交易資料",
};

const queryError = (code: keyof typeof QUERY_MESSAGE, result: QueryReply["Result"] = {}): QueryReply => ({
  Status: code,
  Message: QUERY_MESSAGE[code],
  Result: result,
});

const textField = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value : "";
};

async function isQueryLocked(db: D1Database, now: Date): Promise<boolean> {
  const lock = await db
    .prepare("SELECT 1 AS locked FROM dev_gateway_query_lock WHERE id = 1 AND locked_until > ?1")
    .bind(now.toISOString())
    .first<{ locked: number }>();
  return lock !== null;
}

/** Counts a 查無交易資料 look-up; the one that brings the hour's count to the limit locks the query for 4 hours. */
async function countQueryMiss(db: D1Database, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare("DELETE FROM dev_gateway_query_misses WHERE missed_at <= ?1")
      .bind(new Date(now.getTime() - QUERY_MISS_WINDOW_MS).toISOString()),
    db.prepare("INSERT INTO dev_gateway_query_misses (missed_at) VALUES (?1)").bind(now.toISOString()),
    db
      .prepare(
        `INSERT INTO dev_gateway_query_lock (id, locked_until)
         SELECT 1, ?1 WHERE (SELECT COUNT(*) FROM dev_gateway_query_misses) >= ?2
         ON CONFLICT (id) DO UPDATE SET locked_until = excluded.locked_until`,
      )
      .bind(new Date(now.getTime() + QUERY_LOCK_MS).toISOString(), QUERY_MISSES_BEFORE_LOCK),
  ]);
}

const findQueriedTrade = (db: D1Database, merchantOrderNo: string, amount: number) =>
  db
    .prepare("SELECT * FROM dev_gateway_trades WHERE merchant_order_no = ?1 AND amount = ?2")
    .bind(merchantOrderNo, amount)
    .first<StoredTrade>();

/**
 * QueryTradeInfo as NewebPay answers it: the request's checks in NewebPay's order, each with its code, then the
 * trade from the stand-in's own record. Errors about the request itself carry an empty Result; the lock and
 * 查無交易資料 echo what was asked.
 */
async function queryTradeInfo(db: D1Database, form: Record<string, unknown>, merchant: Merchant | null, now: Date) {
  const merchantId = textField(form, "MerchantID");
  if (!merchant || merchantId !== merchant.merchantId) return queryError(QUERY_ERROR.badMerchant);
  const amt = textField(form, "Amt");
  const amount = Number(amt);
  if (!/^\d{1,10}$/.test(amt) || amount <= 0) return queryError(QUERY_ERROR.badAmount);
  const timestamp = textField(form, "TimeStamp");
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (!/^\d{1,12}$/.test(timestamp) || skew > QUERY_TIMESTAMP_TOLERANCE_SECONDS) {
    return queryError(QUERY_ERROR.badTimestamp);
  }
  const merchantOrderNo = textField(form, "MerchantOrderNo");
  const expected = await queryCheckValue({ merchantId, merchantOrderNo, amount }, merchant.keys);
  if (!sameInConstantTime(textField(form, "CheckValue"), expected)) return queryError(QUERY_ERROR.badCheckValue);
  const asked = { MerchantID: merchantId, MerchantOrderNo: merchantOrderNo, Amt: amount };
  if (await isQueryLocked(db, now)) return queryError(QUERY_ERROR.locked, asked);
  let trade = await findQueriedTrade(db, merchantOrderNo, amount);
  if (trade?.query_mode === "hang") {
    await scheduler.wait(QUERY_HANG_MS);
    trade = await findQueriedTrade(db, merchantOrderNo, amount);
  }
  if (!trade) {
    await countQueryMiss(db, now);
    return queryError(QUERY_ERROR.notFound, asked);
  }
  const checkCode = await replyCheckCode(
    { merchantId, merchantOrderNo, amount, tradeNo: trade.trade_no },
    merchant.keys,
  );
  const transfer: Record<string, string> =
    trade.payment_type === "VACC"
      ? { BankCode: trade.bank_code ?? "", CodeNo: trade.code_no ?? "", ExpireDate: trade.expire_date ?? "" }
      : {};
  return {
    Status: "SUCCESS",
    Message: "查詢成功",
    Result: {
      MerchantID: merchantId,
      Amt: trade.amount,
      TradeNo: trade.trade_no,
      MerchantOrderNo: trade.merchant_order_no,
      TradeStatus: trade.trade_status,
      PaymentType: trade.payment_type,
      PayTime: trade.pay_time ?? "",
      CheckCode: checkCode,
      ...transfer,
    },
  } satisfies QueryReply;
}

// ---- Routes ----

function htmlReply(c: Context<WorkerEnv>, body: ReturnType<typeof errorPage>, status: 200 | 400 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(body, status);
}

const NO_MERCHANT = "這個商店沒有設定金流（NEWEBPAY_*）";

export const devPayment = new Hono<WorkerEnv>()
  .use(async (c, next) => {
    if (!c.get("config").devPayment) return c.notFound();
    await next();
  })
  .post("/mpg_gateway", async (c) => {
    const merchant = merchantOf(c.get("config"));
    if (!merchant) return htmlReply(c, errorPage(NO_MERCHANT), 400);
    const now = new Date();
    const trade = await readTrade(await formFields(c.req), merchant, now);
    if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
    if (trade.payBy !== null && now.getTime() > trade.payBy) return htmlReply(c, errorPage(TRADE_LIMIT_PASSED), 400);
    const summary = {
      merchantOrderNo: trade.merchantOrderNo,
      itemDesc: trade.itemDesc,
      amount: trade.amount,
      methodLabel: methodLabel(trade.flag),
      isTransfer: trade.flag === "VACC",
      payBy: trade.payBy === null ? null : taipeiTime(new Date(trade.payBy)),
      expireDate: trade.expireDate,
    };
    const outcomes = outcomesOf(trade.flag).map((value) => ({ value, label: OUTCOME_LABEL[value] }));
    return htmlReply(c, gatewayPage(summary, outcomes, `${c.req.path}/result`, trade.fields));
  })
  .post("/mpg_gateway/result", async (c) => {
    const merchant = merchantOf(c.get("config"));
    if (!merchant) return htmlReply(c, errorPage(NO_MERCHANT), 400);
    const now = new Date();
    const form = await formFields(c.req);
    const trade = await readTrade(form, merchant, now);
    if (typeof trade === "string") return htmlReply(c, errorPage(trade), 400);
    const outcome = outcomesOf(trade.flag).find((value) => value === form.outcome);
    if (!outcome) return htmlReply(c, errorPage("請選擇付款結果"), 400);
    const known = await findTrade(c.env.DB, trade.merchantOrderNo);
    if (known && (known.amount !== trade.amount || known.payment_type !== trade.flag)) {
      return htmlReply(c, errorPage("商店訂單編號（MerchantOrderNo）重複：已有另一筆金額或付款方式不同的交易"), 400);
    }
    // TradeLimit bounds the reader's time on these pages. Money that arrives later on an account issued in time is
    // bounded by the account's ExpireDate instead.
    const arrivesOnIssuedAccount = (outcome === "transfer" || outcome === "transfer-silent") && known?.code_no;
    if (!arrivesOnIssuedAccount && trade.payBy !== null && now.getTime() > trade.payBy) {
      return htmlReply(c, errorPage(TRADE_LIMIT_PASSED), 400);
    }
    const decision = await decide(trade, outcome, merchant, known, now);
    if (typeof decision === "string") return htmlReply(c, errorPage(decision), 400);
    await recordTrade(c.env.DB, trade, decision.tradeNo, decision.state, now);
    const reply = await sealGatewayReply(decision.result, merchant);
    const notify = decision.notifies ? await sendNotify(c, trade.notifyUrl, reply) : null;
    const notice = notify
      ? { text: notify.note, alert: !notify.delivered }
      : { text: "依所選結果，沒有通知商店（NotifyURL）：商店須以 QueryTradeInfo 查詢這筆交易。", alert: false };
    const nonce = c.get("secureHeadersNonce") ?? "";
    return htmlReply(c, returnPage({ title: decision.title, notice }, decision.action, reply, nonce));
  })
  .post("/API/QueryTradeInfo", async (c) => {
    const reply = await queryTradeInfo(c.env.DB, await formFields(c.req), merchantOf(c.get("config")), new Date());
    c.header("Cache-Control", "no-store");
    return c.json(reply, 200);
  })
  .post("/trades/:merchantOrderNo/query-mode", async (c) => {
    c.header("Cache-Control", "no-store");
    const merchantOrderNo = c.req.param("merchantOrderNo");
    const asked = textField(await formFields(c.req), "mode");
    const mode = QUERY_MODES.find((value) => value === asked);
    if (!mode) return c.json({ error: `mode 須為 ${QUERY_MODES.join(" 或 ")}` }, 400);
    const changed = await c.env.DB.prepare("UPDATE dev_gateway_trades SET query_mode = ?2 WHERE merchant_order_no = ?1")
      .bind(merchantOrderNo, mode)
      .run();
    if (changed.meta.changes === 0) {
      return c.json({ error: "模擬金流沒有這筆交易：須先在付款頁選擇一個付款結果" }, 404);
    }
    return c.json({ merchant_order_no: merchantOrderNo, query_mode: mode });
  })
  .get("/trades", async (c) => {
    const { results } = await c.env.DB.prepare(
      "SELECT * FROM dev_gateway_trades ORDER BY updated_at DESC, merchant_order_no LIMIT ?1",
    )
      .bind(TRADES_LISTED)
      .all<StoredTrade>();
    return htmlReply(c, tradesPage(results, TRADES_LISTED));
  });
