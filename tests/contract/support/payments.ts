// Orders and payments for the contract tests: placing an order through the quote and checkout, playing a reader at
// the stand-in gateway (its own trades answer QueryTradeInfo), playing NewebPay's signed replies with node:crypto
// (independently of the worker's WebCrypto code), and firing the worker's Cron Trigger as the platform would.
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { checkoutPayload, type TempOrder } from "../../../app/features/checkout/checkout";
import { API, domesticOrder, registerMember } from "../../support/fixtures";
import { TEST_NEWEBPAY } from "../../support/servers";
import { type APIRequestContext, expect } from "../../support/test";

const { merchantId, hashKey, hashIv } = TEST_NEWEBPAY;

/** The plain text of a TradeInfo: the trade's parameters in a form, JSON in a gateway reply. */
export const openTradeInfo = (tradeInfo: string) => {
  const decipher = createDecipheriv("aes-256-cbc", hashKey, hashIv);
  return Buffer.concat([decipher.update(tradeInfo, "hex"), decipher.final()]).toString("utf8");
};

export const decryptTradeInfo = (tradeInfo: string) => new URLSearchParams(openTradeInfo(tradeInfo));

export const tradeShaOf = (tradeInfo: string) =>
  createHash("sha256").update(`HashKey=${hashKey}&${tradeInfo}&HashIV=${hashIv}`).digest("hex").toUpperCase();

/** What NewebPay posts back for a trade result, signed with the run's credentials. */
export function signedReply(result: { Status: string; Message?: string; Result: Record<string, unknown> }) {
  const cipher = createCipheriv("aes-256-cbc", hashKey, hashIv);
  const TradeInfo = Buffer.concat([cipher.update(JSON.stringify(result), "utf8"), cipher.final()]).toString("hex");
  return { Status: result.Status, MerchantID: merchantId, Version: "2.0", TradeInfo, TradeSha: tradeShaOf(TradeInfo) };
}

/** A signed SUCCESS with every field of a paid card trade: what a forger with the keys, or a replay, would send. */
export const claimedPayment = (merchantOrderNo: string, amount: number, extra: Record<string, unknown> = {}) =>
  signedReply({
    Status: "SUCCESS",
    Message: "授權成功",
    Result: {
      MerchantID: merchantId,
      Amt: amount,
      TradeNo: "23112319053512345",
      MerchantOrderNo: merchantOrderNo,
      PaymentType: "CREDIT",
      PayTime: "2026-11-23 19:05:35",
      ...extra,
    },
  });

export type PaymentForm = { action: string; method: string; fields: Record<string, string> };

/** The same form with its trade's Amt changed and signed again: a gateway that takes another amount than asked. */
export function withAmount(form: PaymentForm, amount: number): PaymentForm {
  const trade = decryptTradeInfo(form.fields.TradeInfo as string);
  trade.set("Amt", String(amount));
  const cipher = createCipheriv("aes-256-cbc", hashKey, hashIv);
  const TradeInfo = Buffer.concat([cipher.update(trade.toString(), "utf8"), cipher.final()]).toString("hex");
  return { ...form, fields: { ...form.fields, TradeInfo, TradeSha: tradeShaOf(TradeInfo) } };
}

export interface PlacedOrder {
  headers: Record<string, string> | undefined;
  email: string;
  order_no: string;
  status: number;
  total: number;
  payment: PaymentForm | null;
  merchantOrderNo: string | null;
}

export const linePayOrder = (email: string): TempOrder => ({ ...domesticOrder(email), pay_type: 3 });
export const overseasOrder = (email: string): TempOrder => ({
  ...domesticOrder(email),
  area_type: 1,
  country: "日本",
  address: "東京都千代田区丸の内 1-1",
  pay_type: 7,
});

/** The checkout payload of `draft` for these items, priced by the quote as the storefront does. */
export async function payloadFor(request: APIRequestContext, draft: TempOrder, items = [{ id: 1, quantity: 1 }]) {
  const quoted = await request.post(`${API}/cart/quote`, {
    data: { category_type: draft.category_type, area_type: draft.area_type, items },
  });
  const q = (await quoted.json()).data;
  expect(q, "quote").toBeTruthy();
  return checkoutPayload({ ...draft, fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price }, q.lines, q);
}

/** A new member places an order; its payment form's MerchantOrderNo is read from the form. */
export async function placeOrder(
  request: APIRequestContext,
  draft: (email: string) => TempOrder = linePayOrder,
  items = [{ id: 1, quantity: 1 }],
): Promise<PlacedOrder> {
  const { email, headers } = await registerMember(request);
  const payload = await payloadFor(request, draft(email), items);
  const res = await request.post(`${API}/cart/checkout`, { headers, data: payload });
  const body = await res.json();
  expect(body.code, body.message).toBe(1);
  const payment = body.data.payment as PaymentForm | null;
  return {
    headers,
    email,
    order_no: body.data.order_no,
    status: body.data.status,
    total: body.data.total,
    payment,
    merchantOrderNo: payment ? decryptTradeInfo(payment.fields.TradeInfo as string).get("MerchantOrderNo") : null,
  };
}

export async function orderDetail(request: APIRequestContext, order: Pick<PlacedOrder, "headers" | "order_no">) {
  const res = await request.get(`${API}/member/orders/${order.order_no}`, { headers: order.headers });
  const body = await res.json();
  expect(body.code, body.message).toBe(1);
  return body.data;
}

export type StandInOutcome = "success" | "failure" | "transfer" | "success-silent" | "transfer-silent";

/**
 * A reader at the stand-in gateway: posts the form with an outcome, and returns the fields of the signed result the
 * gateway sends back through the reader's browser (ReturnURL, or CustomerURL for an issued account).
 */
export async function payAtStandIn(request: APIRequestContext, form: PaymentForm, outcome: StandInOutcome) {
  const res = await request.post("/_dev/payment/mpg_gateway/result", { form: { ...form.fields, outcome } });
  const html = await res.text();
  expect(res.status(), html.slice(0, 500)).toBe(200);
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
  return { html, fields };
}

export async function notify(request: APIRequestContext, form: Record<string, string>) {
  const res = await request.post(`${API}/payment/newebpay/notify`, { form });
  return { status: res.status(), body: await res.json() };
}

/** Fires the worker's Cron Trigger through wrangler's local scheduled route, as the platform would. */
export async function runScheduled(request: APIRequestContext) {
  const res = await request.get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  expect(res.status()).toBe(200);
}

/** Moves one order's payment deadline (the /_dev/deadlines hook), the per-order time expiry is tested with. */
export async function setDeadline(request: APIRequestContext, orderNo: string, at: Date) {
  const res = await request.post("/_dev/deadlines", { data: { order_no: orderNo, deadline_at: at.toISOString() } });
  expect((await res.json()).code).toBe(1);
}

/**
 * Puts one order's attempts first in the reconciler's line (their next question long overdue), so the next run asks
 * about them whatever else the shared servers hold.
 */
export async function askFirst(request: APIRequestContext, orderNo: string) {
  const res = await request.post("/_dev/deadlines", {
    data: { order_no: orderNo, check_at: "2000-01-01T00:00:00.000Z" },
  });
  expect((await res.json()).code).toBe(1);
}
