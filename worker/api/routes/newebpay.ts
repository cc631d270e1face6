// NewebPay MPG's calls back (PAYMENT.md): NotifyURL (server to server), ReturnURL and CustomerURL (the reader's
// browser, cross-site, without the member cookie). None is checked by origin or session: TradeSha under our
// HashKey/HashIV is the check of the message. But a signed message is a signal, not the truth (a reader can post an
// account-issued reply they were shown to NotifyURL): a payment settles only after QueryTradeInfo confirms it
// (payment/settlement.ts). Return changes nothing; the account-issued reply only records the account.
import { type Context, Hono } from "hono";
import { API_CODE } from "~/http/api-codes";
import { log } from "~/lib/log.server";
import { ApiFailure, ok } from "../envelope";
import { handOff } from "../hand-off";
import { logClaimNotConfirmed, nextClaimCheckAt, withinClaimWindow } from "../payment/claims";
import { formFields, type GatewayResult, readGatewayReply } from "../payment/gateway-reply";
import { type Merchant, merchantOf } from "../payment/merchant";
import { classifyReply, confirmWithGateway, confirmWrongAmount } from "../payment/settlement";
import {
  type AttemptOfOrder,
  askSoon,
  dropClaimedAmount,
  findAttempt,
  keepClaimedAmount,
  recordTransferAccount,
  settleFailed,
} from "../queries/payments";
import type { ApiEnv } from "../types";
import { type Writes, writesFor } from "../writes";

const COMPLETE_PAGE = "/order-complete";
const UNVERIFIED = `${COMPLETE_PAGE}?payment=unverified`;

/** One JSON line per refused call: enough to investigate, never the keys or the whole TradeInfo. */
function logRefusal(call: string, reason: string, detail: Record<string, unknown> = {}) {
  log.warn(`newebpay-${call}`, { reason, ...detail });
}

const refused = () => new ApiFailure(API_CODE.invalidInput, "付款通知驗證失敗", 400);
const unconfirmed = () => new ApiFailure(API_CODE.invalidInput, "付款未經金流確認", 400);
const confirmLater = () => new ApiFailure(API_CODE.serverError, "暫時無法向金流確認付款，稍後將自動對帳", 503);

type Matched = { result: GatewayResult; attempt: AttemptOfOrder; merchant: Merchant };

type Verified =
  | Matched
  /** `wrongAmount`: signed and matched to an attempt, but its Amt is not the order's (only the notify records it). */
  | { reason: string; detail?: Record<string, unknown>; wrongAmount?: Matched };

/** The reply verified (TradeSha first, then decryption, then the merchant) and matched to an attempt and its amount. */
async function verifiedReply(c: Context<ApiEnv>): Promise<Verified> {
  const merchant = merchantOf(c.env.config);
  if (!merchant) return { reason: "payment is not configured" };
  const reply = await readGatewayReply(await formFields(c.req), merchant);
  if (!reply.ok) return { reason: reply.reason };
  const { Result } = reply.result;
  const detail = { merchant_order_no: Result.MerchantOrderNo, amt: Result.Amt };
  const attempt = await findAttempt(c.env.DB, Result.MerchantOrderNo);
  if (!attempt) return { reason: "unknown MerchantOrderNo", detail };
  if (Result.Amt !== attempt.amount || Result.Amt !== attempt.order_total) {
    return { reason: "Amt mismatch", detail, wrongAmount: { result: reply.result, attempt, merchant } };
  }
  return { result: reply.result, attempt, merchant };
}

const backToOrder = (c: Context<ApiEnv>, orderNo: string) => {
  c.header("Cache-Control", "no-store");
  return c.redirect(`${COMPLETE_PAGE}?order_no=${encodeURIComponent(orderNo)}`, 303);
};

const unverified = (c: Context<ApiEnv>) => {
  c.header("Cache-Control", "no-store");
  return c.redirect(UNVERIFIED, 303);
};

/** Records what a verified reply may record without proof: a failure, or a transfer account that was issued. */
async function recordSignal(
  c: Context<ApiEnv>,
  call: string,
  verified: Extract<Verified, { result: unknown }>,
  writes: Writes,
) {
  const { result, attempt } = verified;
  const kind = classifyReply(result, attempt.pay_type);
  const detail = { merchant_order_no: attempt.merchant_order_no, status: result.Status };
  if (kind.kind === "failure") {
    await settleFailed(
      c.env.DB,
      attempt,
      { status: result.Status, message: result.Message ?? "", tradeNo: result.Result.TradeNo ?? null },
      new Date(),
      writes,
    );
  } else if (kind.kind === "account-issued") {
    await recordTransferAccount(c.env.DB, attempt.id, kind, writes);
  } else if (kind.kind === "no-proof") {
    logRefusal(call, "SUCCESS without proof of payment", detail);
  }
  return kind;
}

/**
 * A signed notify whose Amt is not the order's total. Only a claimed payment that QueryTradeInfo confirms at that
 * amount is recorded: the money the gateway took goes back (款項待退還) and the order is not paid by it
 * (settleWrongAmount). When QueryTradeInfo cannot be asked (unreachable, TRA10071), or says the trade at that amount
 * is not paid yet (TradeStatus 0, 9), the claimed amount is kept on the attempt and the reconciler asks at it later
 * (code 5), unless the attempt is past its claim window (claims.ts): then nothing is kept and the notify is refused;
 * an earlier claim at that amount is dropped (one line says so, as the reconciler's would) when the gateway said "not
 * paid yet", and left for the reconciler's last question when it could not be asked. Anything else is refused as
 * before, nothing is recorded, and a claim kept earlier at that amount is dropped (one line says so).
 */
async function wrongAmountNotify(c: Context<ApiEnv>, verified: Matched, detail: Record<string, unknown> = {}) {
  const { result, attempt, merchant } = verified;
  if (classifyReply(result, attempt.pay_type).kind !== "claims-payment") {
    logRefusal("notify", "Amt mismatch", detail);
    throw refused();
  }
  const claimed = result.Result.Amt;
  const writes = writesFor(c.env.config);
  const now = new Date();
  const confirmation = await confirmWrongAmount(
    { db: c.env.DB, config: c.env.config, merchant, now, writes },
    attempt,
    claimed,
  );
  const pending = confirmation.kind === "later" || (confirmation.kind === "unconfirmed" && confirmation.pending);
  const inWindow = withinClaimWindow(now, attempt.deadline_at);
  // Kept for the reconciler, which asks QueryTradeInfo at this amount on its next runs (reconciler.ts): at once when
  // the gateway could not be asked now, after the first back-off when it has just said "not paid yet". Nothing is kept
  // for an attempt paid, or whose refund was recorded, meanwhile.
  const kept =
    pending &&
    inWindow &&
    (await keepClaimedAmount(
      c.env.DB,
      attempt.id,
      claimed,
      now,
      confirmation.kind === "later" ? now : nextClaimCheckAt(now, 0, attempt.deadline_at),
    ));
  await handOff(c, writes);
  if (kept) {
    logRefusal("notify", `Amt mismatch, QueryTradeInfo: ${confirmation.reason}; kept for the reconciler`, detail);
    throw confirmLater();
  }
  if (confirmation.kind === "later" || confirmation.kind === "unconfirmed") {
    // Denied by the gateway, or not paid yet past the claim window: nothing waits for this claim any more. (Within
    // the window and still not kept, the attempt was paid or its refund recorded meanwhile: nothing waits either.)
    // Past the window with the gateway unreachable, nothing new is kept, but a claim kept earlier at this amount is
    // not dropped unasked: the reconciler asks it its last question.
    const why = !pending
      ? confirmation.reason
      : inWindow
        ? `${confirmation.reason}, the attempt is paid or its refund recorded`
        : `${confirmation.reason}, ${attempt.deadline_at ? "after the claim window" : "an attempt without a deadline"}`;
    const dropped = confirmation.kind === "unconfirmed" && (await dropClaimedAmount(c.env.DB, attempt.id, claimed));
    if (dropped || (pending && !inWindow)) logClaimNotConfirmed("newebpay-notify", attempt, claimed, why);
    logRefusal("notify", `Amt mismatch, not confirmed by QueryTradeInfo: ${why}`, detail);
    throw refused();
  }
  const done = confirmation.repeat ? "payment to refund recorded already" : "payment recorded to refund";
  logRefusal("notify", `Amt mismatch, ${done}`, { ...detail, order_total: attempt.order_total });
  return ok(c, null);
}

export const newebpayRoutes = new Hono<ApiEnv>()
  .post("/notify", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      if (verified.wrongAmount) return wrongAmountNotify(c, verified.wrongAmount, verified.detail);
      logRefusal("notify", verified.reason, verified.detail);
      throw refused();
    }
    const writes = writesFor(c.env.config);
    const kind = await recordSignal(c, "notify", verified, writes);
    await handOff(c, writes);
    if (kind.kind === "failure" || kind.kind === "account-issued") return ok(c, null);
    if (kind.kind === "no-proof") throw unconfirmed();
    const { attempt, merchant } = verified;
    const confirmation = await confirmWithGateway(
      { db: c.env.DB, config: c.env.config, merchant, now: new Date(), writes },
      attempt,
    );
    // Whatever the answer, the mail its settlement wrote goes out (a failure recorded, a payment proven).
    await handOff(c, writes);
    const detail = { merchant_order_no: attempt.merchant_order_no };
    if (confirmation.kind === "later") {
      logRefusal("notify", `QueryTradeInfo: ${confirmation.reason}`, detail);
      throw confirmLater();
    }
    if (confirmation.kind === "unconfirmed" || confirmation.kind === "failed") {
      // The gateway says otherwise (for a failure, it was recorded as one): the claimed payment is refused.
      const reason = confirmation.kind === "failed" ? "the gateway says it failed" : confirmation.reason;
      logRefusal("notify", `not confirmed by QueryTradeInfo: ${reason}`, detail);
      throw unconfirmed();
    }
    return ok(c, null);
  })
  .post("/return", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      logRefusal("return", verified.reason, verified.detail);
      // Signed for this order, of another amount: the order's page shows what the notify recorded (款項待退還).
      if (verified.wrongAmount) return backToOrder(c, verified.wrongAmount.attempt.order_no);
      return unverified(c);
    }
    // The reader came back from the gateway: the trade exists there, so the reconciler asks about it at its next run.
    await askSoon(c.env.DB, verified.attempt.id, new Date());
    return backToOrder(c, verified.attempt.order_no);
  })
  .post("/customer", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      logRefusal("customer", verified.reason, verified.detail);
      return unverified(c);
    }
    const kind = classifyReply(verified.result, verified.attempt.pay_type);
    if (kind.kind === "account-issued") {
      const writes = writesFor(c.env.config);
      await recordTransferAccount(c.env.DB, verified.attempt.id, kind, writes);
      await handOff(c, writes);
    } else {
      logRefusal("customer", "no account issued", {
        merchant_order_no: verified.attempt.merchant_order_no,
        status: verified.result.Status,
      });
    }
    return backToOrder(c, verified.attempt.order_no);
  });
