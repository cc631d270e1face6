// NewebPay's QueryTradeInfo (PAYMENT.md), the signing half: the request's CheckValue and the reply's CheckCode. Shared
// by the store's query client (query-trade-info.ts) and the stand-in gateway that answers it (worker/dev-payment/).

import { sha256Hex } from "~/domain/sha256";
import type { MpgKeys } from "./mpg-crypto";

export const QUERY_TRADE_VERSION = "1.3";

const upperSha256 = async (text: string): Promise<string> => (await sha256Hex(text)).toUpperCase();

/** What one query names: the merchant, the trade's MerchantOrderNo and its amount. */
export interface TradeQuery {
  merchantId: string;
  merchantOrderNo: string;
  amount: number;
}

/** CheckValue: SHA-256 of `IV=…&Amt=…&MerchantID=…&MerchantOrderNo=…&Key=…` (the three in alphabetical order). */
export function queryCheckValue(query: TradeQuery, keys: MpgKeys): Promise<string> {
  return upperSha256(
    `IV=${keys.hashIv}&Amt=${query.amount}&MerchantID=${query.merchantId}&MerchantOrderNo=${query.merchantOrderNo}&Key=${keys.hashKey}`,
  );
}

/** CheckCode: SHA-256 of `HashIV=…&Amt=…&MerchantID=…&MerchantOrderNo=…&TradeNo=…&HashKey=…`. */
export function replyCheckCode(query: TradeQuery & { tradeNo: string }, keys: MpgKeys): Promise<string> {
  return upperSha256(
    `HashIV=${keys.hashIv}&Amt=${query.amount}&MerchantID=${query.merchantId}&MerchantOrderNo=${query.merchantOrderNo}&TradeNo=${query.tradeNo}&HashKey=${keys.hashKey}`,
  );
}

/** The form a query posts. */
export async function queryTradeForm(query: TradeQuery, keys: MpgKeys, timestamp: number): Promise<URLSearchParams> {
  return new URLSearchParams({
    MerchantID: query.merchantId,
    Version: QUERY_TRADE_VERSION,
    RespondType: "JSON",
    CheckValue: await queryCheckValue(query, keys),
    TimeStamp: String(timestamp),
    MerchantOrderNo: query.merchantOrderNo,
    Amt: String(query.amount),
  });
}

/** TradeStatus of QueryTradeInfo: only 1 is paid (some references list 9 付款中; any other value is unpaid). */
export const TRADE_STATUS = { unpaid: 0, paid: 1, failed: 2, cancelled: 3, refunded: 6 } as const;

/** The error codes of QueryTradeInfo that the store and the stand-in speak. */
export const QUERY_ERROR = {
  badMerchant: "TRA10001",
  badAmount: "TRA10003",
  badCheckValue: "TRA10054",
  locked: "TRA10071",
  notFound: "TRA20002",
  badTimestamp: "TRA40014",
} as const;
