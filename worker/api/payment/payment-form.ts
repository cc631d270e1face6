// The gateway form of an order (NewebPay MPG): each form is a new payment attempt with its own MerchantOrderNo,
// and the browser posts it to the gateway (the stand-in gateway when DEV_PAYMENT is on).
import { API_CODE } from "~/domain/api-codes";
import { ApiFailure } from "../envelope";
import { openAttempt } from "../queries/payments";
import type { ApiEnv, Schemas } from "../types";
import { gatewayAction, merchantOf, siteOrigin } from "./merchant";
import { sealTradeInfo } from "./mpg-crypto";
import { MPG_VERSION, needsGateway, tradeParams } from "./trade-info";

export interface PayableOrder {
  id: number;
  order_no: string;
  total: number;
  pay_type: number;
  member_email: string;
}

/** What the form needs of a handler's context: any route's (members' included) will do. */
export type PaymentContext = { env: ApiEnv["Bindings"]; req: { url: string } };

const paymentUnavailable = () => new ApiFailure(API_CODE.serverError, "目前無法使用線上付款，請稍後再試", 503);

/** Throws the code-5 (HTTP 503) envelope when this order would need the gateway and none is configured. */
export function assertPaymentAvailable(c: PaymentContext, order: Pick<PayableOrder, "total" | "pay_type">): void {
  if (needsGateway(order) && !merchantOf(c.env.config)) throw paymentUnavailable();
}

/**
 * The form the browser posts to the gateway (a new attempt of the order), or null when nothing is paid online
 * (a total of 0, 貨到付款) or the order no longer awaits payment. The amount, pay type and e-mail are the order's
 * as stored.
 */
export async function paymentFormFor(c: PaymentContext, order: PayableOrder): Promise<Schemas["PaymentForm"] | null> {
  if (!needsGateway(order)) return null;
  const { config, DB } = c.env;
  const merchant = merchantOf(config);
  if (!merchant) throw paymentUnavailable();
  const now = new Date();
  const opened = await openAttempt(DB, order.id, now);
  if (!opened) return null;
  const origin = siteOrigin(config, c.req.url);
  const params = tradeParams({
    merchantId: merchant.merchantId,
    orderNo: opened.order_no,
    attempt: opened.attempt,
    amount: opened.total,
    payType: opened.pay_type,
    email: opened.member_email,
    shopName: config.siteTitle,
    origin,
    timestamp: Math.floor(now.getTime() / 1000),
  });
  const sealed = await sealTradeInfo(params.toString(), merchant.keys);
  return {
    action: gatewayAction(config, origin),
    method: "POST",
    fields: { MerchantID: merchant.merchantId, ...sealed, Version: MPG_VERSION },
  };
}
