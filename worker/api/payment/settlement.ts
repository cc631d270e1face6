// Settling on proof (PAYMENT.md, "What proves a payment"). A gateway reply is a signal: a payment is settled only when
// the reply claims one with its proof (PayTime; for a transfer also the payer's bank and account digits) AND
// QueryTradeInfo, asked server to server, says TradeStatus 1 for the same trade and amount. The account-issued reply
// of a transfer (CodeNo, BankCode, ExpireDate, no PayTime) never settles anything, wherever it arrives.
import * as PAY_TYPE from "~/domain/pay-types";
import type { WorkerConfig } from "../../config";
import { lockQueries } from "../queries/payment-query-lock";
import { type AttemptOfOrder, type Settlement, settleFailed, settlePaid, settleWrongAmount } from "../queries/payments";
import type { ApiDatabase } from "../types";
import type { Writes } from "../writes";
import type { GatewayResult } from "./gateway-reply";
import type { Merchant } from "./merchant";
import { queryTradeInfo, type TradeTruth } from "./query-trade-info";
import { TRADE_STATUS } from "./query-trade-signing";

/** What a verified gateway reply says, before anything is believed. */
export type ReplyKind =
  | { kind: "failure" }
  | { kind: "account-issued"; bankCode: string; accountNo: string; expireDate: string }
  /** SUCCESS with no proof of money: neither a payment nor an account. */
  | { kind: "no-proof" }
  | { kind: "claims-payment" };

export function classifyReply(reply: GatewayResult, payType: number): ReplyKind {
  if (reply.Status !== "SUCCESS") return { kind: "failure" };
  const r = reply.Result;
  const transfer = r.PaymentType === "VACC" || payType === PAY_TYPE.transfer;
  const payerProof = !!r.PayBankCode && !!r.PayerAccount5Code;
  const paid = !!r.PayTime && (!transfer || payerProof);
  if (paid) return { kind: "claims-payment" };
  if (transfer && r.BankCode && r.CodeNo && r.ExpireDate && !payerProof) {
    return { kind: "account-issued", bankCode: r.BankCode, accountNo: r.CodeNo, expireDate: r.ExpireDate };
  }
  return { kind: "no-proof" };
}

export type Confirmation =
  | { kind: "settled"; settlement: Settlement }
  | { kind: "failed" }
  /** The gateway says it is not paid (yet), or gave an answer that must not be believed. */
  | { kind: "unconfirmed"; reason: string }
  /** The gateway could not be asked now: the order stays as it is; the reconciler asks again. */
  | { kind: "later"; reason: string };

export interface SettlementContext {
  db: ApiDatabase;
  config: WorkerConfig;
  merchant: Merchant;
  now: Date;
  /** Where the writes a settlement writes is noted, to be handed to the queue by the caller. */
  writes: Writes;
  send?: (request: Request) => Promise<Response>;
}

/** Asks QueryTradeInfo about the attempt's trade and settles what it proves. */
export async function confirmWithGateway(
  context: SettlementContext,
  attempt: Pick<AttemptOfOrder, "id" | "order_id" | "merchant_order_no" | "amount">,
): Promise<Confirmation & { truth: TradeTruth }> {
  const { db, config, merchant, now, writes } = context;
  const truth = await queryTradeInfo(
    { url: config.newebpayQueryUrl, timeoutMs: config.newebpayTimeoutMs },
    merchant,
    { merchantOrderNo: attempt.merchant_order_no, amount: attempt.amount },
    now,
    context.send,
  );
  switch (truth.kind) {
    case "paid": {
      const settlement = await settlePaid(
        db,
        attempt,
        { tradeNo: truth.tradeNo, payTime: truth.payTime, message: "付款成功" },
        now,
        writes,
      );
      return { kind: "settled", settlement, truth };
    }
    case "unpaid":
      if (truth.tradeStatus === TRADE_STATUS.failed || truth.tradeStatus === TRADE_STATUS.cancelled) {
        await settleFailed(
          db,
          attempt,
          { status: `TradeStatus ${truth.tradeStatus}`, message: "付款未完成", tradeNo: truth.tradeNo },
          now,
          writes,
        );
        return { kind: "failed", truth };
      }
      return { kind: "unconfirmed", reason: `TradeStatus ${truth.tradeStatus}`, truth };
    case "not-found":
      return { kind: "unconfirmed", reason: "TRA20002 not found", truth };
    case "invalid":
      return { kind: "unconfirmed", reason: truth.reason, truth };
    case "locked":
      await lockQueries(db, now);
      return { kind: "later", reason: "TRA10071 locked", truth };
    case "unreachable":
      return { kind: "later", reason: truth.reason, truth };
  }
}

export type WrongAmountConfirmation =
  /** The gateway took the money: recorded as needing a refund (`repeat`: recorded already). */
  | { kind: "refund-recorded"; repeat: boolean }
  /**
   * Not confirmed. `pending`: the gateway knows the trade at that amount and says it is not paid yet (TradeStatus 0
   * unpaid, 9 付款中, or one it may add), so it may still turn out paid and is asked again. Not pending: "no such trade"
   * (TRA20002); TradeStatus 2 failed, 3 cancelled or 6 refunded; or an answer that does not name that trade at that
   * amount under a valid CheckCode (an error Status, another trade or amount, a bad CheckCode), as the notify of a
   * payment of the total is refused on it.
   */
  | { kind: "unconfirmed"; reason: string; pending: boolean }
  | { kind: "later"; reason: string };

/** The TradeStatus values that say the trade will not pay: it failed, was cancelled, or was paid and refunded. */
const ENDED_UNPAID: readonly number[] = [TRADE_STATUS.failed, TRADE_STATUS.cancelled, TRADE_STATUS.refunded];

/**
 * A signed notify claims a payment of `amount`, not the order's total: QueryTradeInfo is asked about the trade at that
 * amount, and only a TradeStatus 1 under a valid CheckCode records it, as money to refund that pays nothing
 * (settleWrongAmount). Anything else records nothing.
 */
export async function confirmWrongAmount(
  context: SettlementContext,
  attempt: Pick<AttemptOfOrder, "id" | "order_id" | "merchant_order_no">,
  amount: number,
): Promise<WrongAmountConfirmation> {
  const { db, config, merchant, now, writes } = context;
  const truth = await queryTradeInfo(
    { url: config.newebpayQueryUrl, timeoutMs: config.newebpayTimeoutMs },
    merchant,
    { merchantOrderNo: attempt.merchant_order_no, amount },
    now,
    context.send,
  );
  switch (truth.kind) {
    case "paid": {
      const proof = { tradeNo: truth.tradeNo, payTime: truth.payTime, amount };
      const recorded = await settleWrongAmount(db, attempt, proof, now, writes);
      return { kind: "refund-recorded", repeat: recorded === "repeat" };
    }
    case "unpaid":
      return {
        kind: "unconfirmed",
        reason: `TradeStatus ${truth.tradeStatus}`,
        pending: !ENDED_UNPAID.includes(truth.tradeStatus),
      };
    case "not-found":
      return { kind: "unconfirmed", reason: "TRA20002 not found", pending: false };
    case "invalid":
      return { kind: "unconfirmed", reason: truth.reason, pending: false };
    case "locked":
      await lockQueries(db, now);
      return { kind: "later", reason: "TRA10071 locked" };
    case "unreachable":
      return { kind: "later", reason: truth.reason };
  }
}
