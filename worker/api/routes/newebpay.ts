// NewebPay MPG's calls back (PAYMENT.md): NotifyURL (server to server, the source of truth of a payment),
// ReturnURL and CustomerURL (the reader's browser, cross-site, without the member cookie). None is checked by
// origin or session, now or by any later origin check: TradeSha under our HashKey/HashIV is the check.
// Return does not change the order, not even the message: the notify alone settles a payment, so a browser that
// comes back first cannot make the order say anything the gateway has not told us server to server.
import { type Context, Hono } from "hono";
import { API_CODE } from "~/domain/api-codes";
import { ApiFailure, ok } from "../envelope";
import { formFields, type GatewayResult, readGatewayReply } from "../payment/gateway-reply";
import { merchantOf } from "../payment/merchant";
import { type AttemptOfOrder, findAttempt, recordTransferAccount, settleAttempt } from "../queries/payments";
import type { ApiEnv } from "../types";

const COMPLETE_PAGE = "/order-complete";
const UNVERIFIED = `${COMPLETE_PAGE}?payment=unverified`;

/** One JSON line per refused call: enough to investigate, never the keys or the whole TradeInfo. */
function logRefusal(c: Context<ApiEnv>, call: string, reason: string, detail: Record<string, unknown> = {}) {
  console.warn(
    JSON.stringify({
      level: "warn",
      where: `newebpay-${call}`,
      reason,
      request_id: c.req.header("X-Request-Id") ?? null,
      ...detail,
    }),
  );
}

const refused = () => new ApiFailure(API_CODE.invalidInput, "付款通知驗證失敗", 400);

type Verified =
  | { result: GatewayResult; attempt: AttemptOfOrder }
  | { reason: string; detail?: Record<string, unknown> };

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
  if (Result.Amt !== attempt.amount || Result.Amt !== attempt.order_total) return { reason: "Amt mismatch", detail };
  return { result: reply.result, attempt };
}

const backToOrder = (c: Context<ApiEnv>, orderNo: string) => {
  c.header("Cache-Control", "no-store");
  return c.redirect(`${COMPLETE_PAGE}?order_no=${encodeURIComponent(orderNo)}`, 303);
};

const unverified = (c: Context<ApiEnv>) => {
  c.header("Cache-Control", "no-store");
  return c.redirect(UNVERIFIED, 303);
};

export const newebpayRoutes = new Hono<ApiEnv>()
  .post("/notify", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      logRefusal(c, "notify", verified.reason, verified.detail);
      throw refused();
    }
    const { result, attempt } = verified;
    // A repeat (NewebPay may call more than once) changes nothing.
    if (attempt.notified_at !== null) return ok(c, null);
    await settleAttempt(
      c.env.DB,
      attempt,
      {
        success: result.Status === "SUCCESS",
        status: result.Status,
        message: result.Message ?? "",
        tradeNo: result.Result.TradeNo ?? null,
        payTime: result.Result.PayTime ?? null,
      },
      new Date(),
    );
    return ok(c, null);
  })
  .post("/return", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      logRefusal(c, "return", verified.reason, verified.detail);
      return unverified(c);
    }
    return backToOrder(c, verified.attempt.order_no);
  })
  .post("/customer", async (c) => {
    const verified = await verifiedReply(c);
    if ("reason" in verified) {
      logRefusal(c, "customer", verified.reason, verified.detail);
      return unverified(c);
    }
    const { result, attempt } = verified;
    const { BankCode, CodeNo, ExpireDate } = result.Result;
    if (result.Status === "SUCCESS" && BankCode && CodeNo && ExpireDate) {
      await recordTransferAccount(c.env.DB, attempt.id, {
        bankCode: BankCode,
        accountNo: CodeNo,
        expireDate: ExpireDate,
      });
    } else {
      logRefusal(c, "customer", "no account issued", {
        merchant_order_no: result.Result.MerchantOrderNo,
        status: result.Status,
      });
    }
    return backToOrder(c, attempt.order_no);
  });
