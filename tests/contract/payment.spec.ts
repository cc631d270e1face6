// Online payment through NewebPay MPG: the checkout's form, the gateway's notify (the source of truth), return and
// customer calls, retry after a failure, and the stand-in gateway of the test run. The gateway is played here with
// node:crypto and the run's test credentials, independently of the worker's WebCrypto code.
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { checkoutPayload, type TempOrder } from "../../app/features/checkout/checkout";
import { API, domesticOrder, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { TEST_NEWEBPAY } from "../support/servers";
import { type APIRequestContext, expect, test } from "../support/test";
import { payAtStandIn } from "./support/payments";

const { merchantId, hashKey, hashIv } = TEST_NEWEBPAY;
const FLAGS = ["CREDIT", "WEBATM", "LINEPAY", "APPLEPAY", "UNIONPAY", "VACC"];

const decrypt = (tradeInfo: string) => {
  const decipher = createDecipheriv("aes-256-cbc", hashKey, hashIv);
  return new URLSearchParams(Buffer.concat([decipher.update(tradeInfo, "hex"), decipher.final()]).toString("utf8"));
};
const shaOf = (tradeInfo: string) =>
  createHash("sha256").update(`HashKey=${hashKey}&${tradeInfo}&HashIV=${hashIv}`).digest("hex").toUpperCase();

/** What NewebPay posts back for a trade result. */
function gatewayReply(result: { Status: string; Message?: string; Result: Record<string, unknown> }) {
  const cipher = createCipheriv("aes-256-cbc", hashKey, hashIv);
  const TradeInfo = Buffer.concat([cipher.update(JSON.stringify(result), "utf8"), cipher.final()]).toString("hex");
  return { Status: result.Status, MerchantID: merchantId, Version: "2.0", TradeInfo, TradeSha: shaOf(TradeInfo) };
}

const outcome = (merchantOrderNo: string, amount: number, Status = "SUCCESS", extra: Record<string, unknown> = {}) =>
  gatewayReply({
    Status,
    Message: Status === "SUCCESS" ? "授權成功" : "交易失敗",
    Result: {
      MerchantID: merchantId,
      Amt: amount,
      TradeNo: "23112319053512345",
      MerchantOrderNo: merchantOrderNo,
      PaymentType: "LINEPAY",
      PayTime: "2026-11-23 19:05:35",
      ...extra,
    },
  });

async function placeOrder(request: APIRequestContext, draft: (email: string) => TempOrder) {
  const { email, headers } = await registerMember(request);
  const order = draft(email);
  const quoted = await request.post(`${API}/cart/quote`, {
    data: { category_type: 0, area_type: order.area_type, items: [{ id: 1, quantity: 1 }] },
  });
  const q = (await quoted.json()).data;
  const payload = checkoutPayload(
    { ...order, fee: q.fee, no_fee: q.no_fee, discount_price: q.discount_price },
    q.lines,
    q,
  );
  const res = await request.post(`${API}/cart/checkout`, { headers, data: payload });
  const body = await res.json();
  expectMatchesContract("/cart/checkout", "post", res.status(), body);
  expect(body.code).toBe(1);
  return { headers, placed: body.data, total: payload.total as number };
}

async function orderDetail(request: APIRequestContext, headers: Record<string, string> | undefined, orderNo: string) {
  const res = await request.get(`${API}/member/orders/${orderNo}`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/orders/{order_no}", "get", res.status(), body);
  return body.data;
}

async function notify(request: APIRequestContext, form: Record<string, string>) {
  const res = await request.post(`${API}/payment/newebpay/notify`, { form });
  const body = await res.json();
  expectMatchesContract("/payment/newebpay/notify", "post", res.status(), body);
  return { status: res.status(), code: body.code as number };
}

const linePay = (email: string): TempOrder => ({ ...domesticOrder(email), pay_type: 3 });
const overseas = (email: string): TempOrder => ({
  ...domesticOrder(email),
  area_type: 1,
  country: "日本",
  address: "東京都千代田区丸の内 1-1",
  pay_type: 1,
});

test("checkout of a LINE Pay order answers a signed form for the gateway: total, one flag, absolute callbacks", async ({
  request,
  baseURL,
}) => {
  const { placed, total } = await placeOrder(request, linePay);
  const form = placed.payment;
  expect(form).toMatchObject({ action: `${baseURL}/_dev/payment/mpg_gateway`, method: "POST" });
  expect(form.fields).toMatchObject({ MerchantID: merchantId, Version: "2.0" });
  expect(form.fields.TradeSha).toBe(shaOf(form.fields.TradeInfo));
  const trade = decrypt(form.fields.TradeInfo);
  expect(trade.get("Amt")).toBe(String(total));
  expect(trade.get("MerchantID")).toBe(merchantId);
  expect(trade.get("RespondType")).toBe("JSON");
  expect(trade.get("MerchantOrderNo")).toBe(`${placed.order_no.replaceAll("-", "")}_1`);
  expect(FLAGS.filter((flag) => trade.has(flag))).toEqual(["LINEPAY"]);
  expect(trade.get("LINEPAY")).toBe("1");
  expect(trade.get("NotifyURL")).toBe(`${baseURL}/api/frontend/payment/newebpay/notify`);
  expect(trade.get("ReturnURL")).toBe(`${baseURL}/api/frontend/payment/newebpay/return`);
  expect(trade.has("CustomerURL")).toBe(false);
});

test("a signed SUCCESS pays the order once; forged, mismatched and repeated calls change nothing", async ({
  request,
}) => {
  const { headers, placed, total } = await placeOrder(request, linePay);
  const no = decrypt(placed.payment.fields.TradeInfo).get("MerchantOrderNo") as string;
  expect((await orderDetail(request, headers, placed.order_no)).payment).toMatchObject({ paid_at: null });

  const refused = async (form: Record<string, string>) => {
    expect(await notify(request, form)).toEqual({ status: 400, code: 2 });
    expect((await orderDetail(request, headers, placed.order_no)).status).toBe(1);
  };
  const success = outcome(no, total);
  await refused({ ...success, TradeSha: "0".repeat(64) });
  await refused({ ...success, TradeInfo: `${success.TradeInfo.slice(0, -2)}00` });
  await refused({ ...success, TradeInfo: "not hex", TradeSha: shaOf("not hex") });
  await refused({ ...success, TradeInfo: success.TradeInfo.slice(1), TradeSha: shaOf(success.TradeInfo.slice(1)) });
  await refused({ Status: "SUCCESS", MerchantID: merchantId });
  await refused(outcome(no, total - 1));
  await refused(outcome(`${no}0`, total));
  await refused({ ...success, MerchantID: "MS_OTHER" });

  // Signed and well formed, but the gateway has no such payment: QueryTradeInfo does not confirm it.
  expect(await notify(request, success)).toEqual({ status: 400, code: 2 });
  expect((await orderDetail(request, headers, placed.order_no)).status).toBe(1);
  // The reader pays (the stand-in takes it without notifying); now the same notify is confirmed.
  await payAtStandIn(request, placed.payment, "success-silent");
  expect(await notify(request, success)).toEqual({ status: 200, code: 1 });
  const paid = await orderDetail(request, headers, placed.order_no);
  expect(paid).toMatchObject({ status: 5, status_label: "完成付款" });
  // The payment's time is the gateway's, as QueryTradeInfo says it, not the notify's claim.
  expect(paid.payment).toMatchObject({
    message: "付款成功",
    paid_at: expect.stringMatching(/\+08:00$/),
    can_retry: false,
  });

  // A repeat, even one that says otherwise, changes nothing.
  expect(await notify(request, success)).toEqual({ status: 200, code: 1 });
  expect(await notify(request, outcome(no, total, "MPG03009"))).toEqual({ status: 200, code: 1 });
  // Everything but the invoice, which the invoice queue issues in its own time after the payment (pending → issued).
  const { invoice: _issuedMeanwhile, ...paidOrder } = paid;
  const { invoice: _later, ...after } = await orderDetail(request, headers, placed.order_no);
  expect(after).toEqual(paidOrder);
});

test("a failed payment can be tried again with a new MerchantOrderNo, and then pays", async ({ request }) => {
  const { headers, placed, total } = await placeOrder(request, linePay);
  const first = decrypt(placed.payment.fields.TradeInfo).get("MerchantOrderNo") as string;
  const retryUrl = `${API}/member/orders/${placed.order_no}/payment`;

  // While the first attempt may still be paid, asking again hands out its form, never a second payment.
  const early = await request.post(retryUrl, { headers });
  const earlyBody = await early.json();
  expectMatchesContract("/member/orders/{order_no}/payment", "post", early.status(), earlyBody);
  expect(earlyBody.data).toEqual(placed.payment);

  expect(await notify(request, outcome(first, total, "MPG03009"))).toEqual({ status: 200, code: 1 });
  const failed = await orderDetail(request, headers, placed.order_no);
  expect(failed).toMatchObject({ status: 3, status_label: "交易失敗" });
  expect(failed.payment).toMatchObject({ message: "交易失敗", paid_at: null, can_retry: true });

  const retry = await request.post(retryUrl, { headers });
  const retryBody = await retry.json();
  expectMatchesContract("/member/orders/{order_no}/payment", "post", retry.status(), retryBody);
  expect(retryBody.code).toBe(1);
  const second = decrypt(retryBody.data.fields.TradeInfo);
  expect(second.get("MerchantOrderNo")).toBe(`${placed.order_no.replaceAll("-", "")}_2`);
  expect(second.get("Amt")).toBe(String(total));

  await payAtStandIn(request, retryBody.data, "success");
  expect((await orderDetail(request, headers, placed.order_no)).status).toBe(5);
  // A late failure of the first attempt never undoes it; a paid order takes no retry.
  expect(await notify(request, outcome(first, total, "MPG03009"))).toEqual({ status: 200, code: 1 });
  expect((await orderDetail(request, headers, placed.order_no)).status).toBe(5);
  const again = await request.post(retryUrl, { headers });
  expect(await again.json()).toEqual({ code: 2, message: "這張訂單已完成付款" });

  const unknown = await request.post(`${API}/member/orders/BK20250312-000001-ZZZZZZ/payment`, { headers });
  expectMatchesContract("/member/orders/{order_no}/payment", "post", unknown.status(), await unknown.json());
  expect(unknown.status()).toBe(404);
});

test("the reader's return is checked by signature only: 303 to the order, or to the unverified page", async ({
  request,
}) => {
  const { placed, total } = await placeOrder(request, linePay);
  const no = decrypt(placed.payment.fields.TradeInfo).get("MerchantOrderNo") as string;
  const back = await request.post(`${API}/payment/newebpay/return`, { form: outcome(no, total), maxRedirects: 0 });
  expect(back.status()).toBe(303);
  expect(back.headers().location).toBe(`/order-complete?order_no=${placed.order_no}`);
  for (const form of [{ ...outcome(no, total), TradeSha: "F".repeat(64) }, { Status: "SUCCESS" }]) {
    const forged = await request.post(`${API}/payment/newebpay/return`, { form, maxRedirects: 0 });
    expect(forged.status()).toBe(303);
    expect(forged.headers().location).toBe("/order-complete?payment=unverified");
  }
});

test("an overseas order pays by 專戶匯款: the account the gateway issues shows in the order", async ({ request }) => {
  const { headers, placed, total } = await placeOrder(request, overseas);
  const trade = decrypt(placed.payment.fields.TradeInfo);
  expect(FLAGS.filter((flag) => trade.has(flag))).toEqual(["VACC"]);
  expect(trade.get("CustomerURL")).toMatch(/\/api\/frontend\/payment\/newebpay\/customer$/);
  const no = trade.get("MerchantOrderNo") as string;
  const account = { PaymentType: "VACC", BankCode: "012", CodeNo: "99123456789012", ExpireDate: "2026-11-30" };
  const res = await request.post(`${API}/payment/newebpay/customer`, {
    form: outcome(no, total, "SUCCESS", account),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe(`/order-complete?order_no=${placed.order_no}`);
  const detail = await orderDetail(request, headers, placed.order_no);
  expect(detail).toMatchObject({ status: 1, pay_type: 7 });
  expect(detail.payment).toMatchObject({
    bank_code: "012",
    account_no: "99123456789012",
    expire_date: "2026-11-30",
    paid_at: null,
    can_retry: false,
  });
});

test("the test run has the stand-in gateway, which refuses an unsigned form", async ({ request }) => {
  const res = await request.post("/_dev/payment/mpg_gateway", {
    form: { MerchantID: merchantId, TradeInfo: "00", TradeSha: "0".repeat(64), Version: "2.0" },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("無法處理這筆付款");
});
