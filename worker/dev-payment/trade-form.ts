// The payment form posted to the stand-in's MPG gateway, read and checked as NewebPay checks it: MerchantID, TradeSha,
// decryption, the trade's own fields, TradeLimit and (專戶匯款) ExpireDate.
import type { Merchant } from "../api/payment/merchant";
import { openTradeInfo } from "../api/payment/mpg-crypto";
import { METHOD_FLAGS } from "../api/payment/trade-info";
import { endOfTaipeiDay, taipeiTime } from "./taipei-time";

/** A payment method as TradeInfo names it (CREDIT, VACC, …). */
export type Flag = (typeof METHOD_FLAGS)[number];

export interface Trade {
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

/** TradeLimit as NewebPay's MPG counts it: 1–59 seconds count as 60, more than 900 as 900, absent or 0 as none. */
const TRADE_LIMIT_MIN_SECONDS = 60;
const TRADE_LIMIT_MAX_SECONDS = 900;
/** The longest ExpireDate NewebPay takes, in days from now. */
const ACCOUNT_MAX_DAYS = 180;

export const TRADE_LIMIT_PASSED = "已超過付款期限（TradeLimit），請回到商店重新付款";

/** Whether the reader's time on the gateway's pages (TradeLimit) has run out. */
export const isPastTradeLimit = (trade: Trade, now: Date) => trade.payBy !== null && now.getTime() > trade.payBy;

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
export async function readTrade(form: Record<string, unknown>, merchant: Merchant, now: Date): Promise<Trade | string> {
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
