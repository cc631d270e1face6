// The trade NewebPay MPG is asked to collect (PAYMENT.md): the parameters TradeInfo encrypts, with exactly one
// payment-method flag chosen by the order's pay type (SPEC §4).
import * as PAY_TYPE from "~/domain/pay-types";
import { merchantOrderNo } from "~/features/orders/order-no";

export const MPG_VERSION = "2.0";

/** SPEC §4 pay types that the gateway collects, and NewebPay's flag for each; 貨到付款 is not paid online. */
export const METHOD_FLAG = {
  [PAY_TYPE.creditCard]: "CREDIT",
  [PAY_TYPE.webAtm]: "WEBATM",
  [PAY_TYPE.linePay]: "LINEPAY",
  [PAY_TYPE.applePay]: "APPLEPAY",
  [PAY_TYPE.unionPay]: "UNIONPAY",
  [PAY_TYPE.transfer]: "VACC",
} as const;

export const METHOD_FLAGS = Object.values(METHOD_FLAG);

export function methodFlag(payType: number): (typeof METHOD_FLAGS)[number] | null {
  return METHOD_FLAG[payType as keyof typeof METHOD_FLAG] ?? null;
}

/** An order is paid through the gateway when something is left to pay and its pay type is one the gateway takes. */
export function needsGateway(order: { total: number; pay_type: number }): boolean {
  return order.total > 0 && methodFlag(order.pay_type) !== null;
}

/** Where the gateway calls back, absolute on the site's origin (paths of the built-in API). */
export function callbackUrls(origin: string) {
  const base = `${origin}/api/frontend/payment/newebpay`;
  return { NotifyURL: `${base}/notify`, ReturnURL: `${base}/return`, CustomerURL: `${base}/customer` };
}

/** Seconds the reader has on the gateway's pages (TradeLimit, 60 to 900): after that the gateway refuses the trade. */
export const TRADE_LIMIT_SECONDS = 900;
/** Days a transfer (專戶匯款) account stays open: its ExpireDate is that many days after the order, Taipei time. */
export const TRANSFER_DAYS = 3;

/** A date `days` after `at` in Taipei, as MPG's ExpireDate (Ymd). */
export function expireDateAfter(at: Date, days: number): string {
  return new Date(at.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
}

export interface TradeRequest {
  merchantId: string;
  orderNo: string;
  attempt: number;
  amount: number;
  payType: number;
  email: string;
  /** The shop's name, for ItemDesc. */
  shopName: string;
  origin: string;
  /** Unix seconds. */
  timestamp: number;
}

/** NewebPay allows ItemDesc at most 50 characters. */
const ITEM_DESC_MAX = 50;

/** The trade parameters as the query-string text TradeInfo encrypts. Throws for a pay type the gateway does not take. */
export function tradeParams(trade: TradeRequest): URLSearchParams {
  const flag = methodFlag(trade.payType);
  if (!flag) throw new Error(`pay type ${trade.payType} is not paid through the gateway`);
  const urls = callbackUrls(trade.origin);
  const params = new URLSearchParams({
    MerchantID: trade.merchantId,
    RespondType: "JSON",
    TimeStamp: String(trade.timestamp),
    Version: MPG_VERSION,
    MerchantOrderNo: merchantOrderNo(trade.orderNo, trade.attempt),
    Amt: String(trade.amount),
    ItemDesc: `${trade.shopName}訂單 ${trade.orderNo}`.slice(0, ITEM_DESC_MAX),
    Email: trade.email,
    ReturnURL: urls.ReturnURL,
    NotifyURL: urls.NotifyURL,
    // The deadlines make "may this attempt still be paid?" decidable (PAYMENT.md).
    TradeLimit: String(TRADE_LIMIT_SECONDS),
  });
  if (flag === "VACC") {
    params.set("CustomerURL", urls.CustomerURL);
    params.set("ExpireDate", expireDateAfter(new Date(trade.timestamp * 1000), TRANSFER_DAYS));
  }
  params.set(flag, "1");
  return params;
}
