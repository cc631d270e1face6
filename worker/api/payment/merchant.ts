// The shop as NewebPay knows it: credentials from the configuration, the site origin callbacks live on, and where
// the browser posts the payment form (the stand-in gateway when DEV_PAYMENT is on). The worker itself never calls the
// gateway: the browser posts the form and NewebPay calls back; the worker only asks QueryTradeInfo (settlement.ts).
import type { WorkerConfig } from "../../config";
import type { MpgKeys } from "./mpg-crypto";

export interface Merchant {
  merchantId: string;
  keys: MpgKeys;
}

/** The merchant, or null when NewebPay is not configured (the configuration allows all three or none). */
export function merchantOf(config: WorkerConfig): Merchant | null {
  const { newebpayMerchantId: merchantId, newebpayHashKey: hashKey, newebpayHashIv: hashIv } = config;
  return merchantId && hashKey && hashIv ? { merchantId, keys: { hashKey, hashIv } } : null;
}

/** The reader-facing origin: SITE_URL, else the request's own (the proxy hands the API the reader's URL). */
export function siteOrigin(config: WorkerConfig, requestUrl: string): string {
  return config.siteUrl || new URL(requestUrl).origin;
}

export const STAND_IN_GATEWAY_PATH = "/_dev/payment/mpg_gateway";

/** The payment form's action. */
export function gatewayAction(config: WorkerConfig, origin: string): string {
  return config.devPayment ? `${origin}${STAND_IN_GATEWAY_PATH}` : config.newebpayGatewayUrl;
}

/** Origins a form may post to besides the site (the CSP's form-action): the real gateway when payment is on. */
export function paymentFormTargets(config: WorkerConfig): string[] {
  return merchantOf(config) && !config.devPayment ? [new URL(config.newebpayGatewayUrl).origin] : [];
}
