// The gateway form of an order (NewebPay MPG). Each new form is a payment attempt with its own MerchantOrderNo and
// deadline (TradeLimit, and ExpireDate for a transfer); while an attempt may still be paid, asking again hands out
// the same form, so one order never has two live payments. The browser posts it to the gateway (the stand-in
// gateway when DEV_PAYMENT is on).

import { merchantOrderNo } from "~/features/orders/order-no";
import { API_CODE } from "~/http/api-codes";
import { ApiFailure, invalidInput } from "../envelope";
import { type AttemptResult, liveOrNewAttempt, type PayableOrder } from "../queries/payments";
import type { ApiEnv, Schemas } from "../types";
import { gatewayAction, merchantOf, siteOrigin } from "./merchant";
import { sealTradeInfo } from "./mpg-crypto";
import { MAX_ATTEMPTS } from "./payment-rules";
import { MPG_VERSION, needsGateway, TRADE_LIMIT_SECONDS, tradeParams } from "./trade-info";

export type { PayableOrder };

/** What the form needs of a handler's context: any route's (members' included) will do. */
export type PaymentContext = { env: ApiEnv["Bindings"]; req: { url: string } };

const paymentUnavailable = () => new ApiFailure(API_CODE.serverError, "目前無法使用線上付款，請稍後再試", 503);

/** Throws the code-5 (HTTP 503) envelope when this order would need the gateway and none is configured. */
export function assertPaymentAvailable(c: PaymentContext, order: Pick<PayableOrder, "total" | "pay_type">): void {
  if (needsGateway(order) && !merchantOf(c.env.config)) throw paymentUnavailable();
}

/**
 * The form the browser posts to the gateway: the live attempt's, or a new attempt's. Null when nothing is paid
 * online (a total of 0, 貨到付款) or the order no longer awaits payment. The amount, pay type and e-mail are the
 * order's as stored. Throws code 2 when the order has used its attempts.
 */
export async function paymentFormFor(c: PaymentContext, order: PayableOrder): Promise<Schemas["PaymentForm"] | null> {
  if (!needsGateway(order)) return null;
  const { config, DB } = c.env;
  const merchant = merchantOf(config);
  if (!merchant) throw paymentUnavailable();
  const now = new Date();
  const origin = siteOrigin(config, c.req.url);
  const result: AttemptResult = await liveOrNewAttempt(DB, order.id, now, async (stored, attempt) => {
    const timestamp = Math.floor(now.getTime() / 1000);
    const params = tradeParams({
      merchantId: merchant.merchantId,
      orderNo: stored.order_no,
      attempt,
      amount: stored.total,
      payType: stored.pay_type,
      email: stored.member_email,
      shopName: config.siteTitle,
      origin,
      timestamp,
    });
    const sealed = await sealTradeInfo(params.toString(), merchant.keys);
    return {
      attempt,
      merchant_order_no: merchantOrderNo(stored.order_no, attempt),
      form: {
        action: gatewayAction(config, origin),
        method: "POST",
        fields: { MerchantID: merchant.merchantId, ...sealed, Version: MPG_VERSION },
      },
      deadline_at: new Date((timestamp + TRADE_LIMIT_SECONDS) * 1000),
    };
  });
  if (result.kind === "too-many") throw invalidInput(`付款已嘗試 ${MAX_ATTEMPTS} 次，請重新下單或聯絡客服`);
  return result.kind === "form" ? result.form : null;
}
