// The truth about one trade, from NewebPay's QueryTradeInfo, server to server (PAYMENT.md). A notify is a signal; an
// order is settled only when this says TradeStatus 1 for the same MerchantOrderNo and Amt, under a CheckCode that
// verifies. Every failure is an answer, never a throw: the caller leaves the order as it is and the reconciler asks
// again later.
import type { Merchant } from "./merchant";
import { sameInConstantTime } from "./mpg-crypto";
import { QUERY_ERROR, queryTradeForm, replyCheckCode, TRADE_STATUS, type TradeQuery } from "./query-trade-signing";

export type TradeTruth =
  | { kind: "paid"; tradeNo: string; payTime: string | null; paymentType: string | null }
  | { kind: "unpaid"; tradeStatus: number; tradeNo: string | null }
  | { kind: "not-found" }
  /** TRA10071: too many "not found" look-ups; the query is locked for 4 hours. */
  | { kind: "locked" }
  /** No answer within the timeout, or not one that could be read. */
  | { kind: "unreachable"; reason: string }
  /** An answer that must not be believed (CheckCode, another trade, another amount, an error code). */
  | { kind: "invalid"; reason: string };

export interface QueryTarget {
  url: string;
  timeoutMs: number;
}

type Fetch = (input: Request) => Promise<Response>;

const asText = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);

export async function queryTradeInfo(
  target: QueryTarget,
  merchant: Merchant,
  trade: Omit<TradeQuery, "merchantId">,
  now: Date,
  send: Fetch = (request) => fetch(request),
): Promise<TradeTruth> {
  const query = { merchantId: merchant.merchantId, ...trade };
  const form = await queryTradeForm(query, merchant.keys, Math.floor(now.getTime() / 1000));
  let reply: { Status?: unknown; Message?: unknown; Result?: unknown };
  try {
    const response = await send(
      new Request(target.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(target.timeoutMs),
      }),
    );
    if (!response.ok) return { kind: "unreachable", reason: `HTTP ${response.status}` };
    reply = (await response.json()) as typeof reply;
  } catch (error) {
    return { kind: "unreachable", reason: (error as Error)?.name === "TimeoutError" ? "timeout" : String(error) };
  }
  if (!reply || typeof reply !== "object") return { kind: "unreachable", reason: "not a JSON object" };
  const status = asText(reply.Status);
  if (status === QUERY_ERROR.locked) return { kind: "locked" };
  if (status === QUERY_ERROR.notFound) return { kind: "not-found" };
  if (status !== "SUCCESS") return { kind: "invalid", reason: `Status ${status ?? "missing"}` };
  const result = (reply.Result ?? {}) as Record<string, unknown>;
  const tradeNo = asText(result.TradeNo);
  if (
    asText(result.MerchantID) !== query.merchantId ||
    asText(result.MerchantOrderNo) !== query.merchantOrderNo ||
    asText(result.Amt) !== String(query.amount)
  ) {
    return { kind: "invalid", reason: "another trade or amount" };
  }
  if (!tradeNo) return { kind: "invalid", reason: "no TradeNo" };
  const expected = await replyCheckCode({ ...query, tradeNo }, merchant.keys);
  const checkCode = asText(result.CheckCode) ?? "";
  if (!sameInConstantTime(expected, checkCode.toUpperCase())) return { kind: "invalid", reason: "bad CheckCode" };
  const tradeStatus = Number(asText(result.TradeStatus));
  if (tradeStatus === TRADE_STATUS.paid) {
    return {
      kind: "paid",
      tradeNo,
      payTime: asText(result.PayTime) || null,
      paymentType: asText(result.PaymentType),
    };
  }
  return { kind: "unpaid", tradeStatus: Number.isInteger(tradeStatus) ? tradeStatus : -1, tradeNo };
}
