// Settlement on proof (issue 20), against the stand-in gateway, whose QueryTradeInfo answers from its own trades:
// the account-issued reply replayed to NotifyURL, a notify the gateway does not confirm, a notify that never arrives
// (the reconciler), an unreachable gateway, deadlines, refunds, and one live payment per order.
// The Cron Trigger is fired through wrangler's local scheduled route; deadlines and the reconciler's next question are
// moved per order (/_dev/deadlines), never by the server's clock, because the servers are shared by parallel tests. The tests that fire it run one
// after another, so none sees another's silent payment settled before it looks.

import { API } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";
import {
  askFirst,
  claimedPayment,
  decryptTradeInfo,
  notify,
  openTradeInfo,
  orderDetail,
  overseasOrder,
  payAtStandIn,
  placeOrder,
  runScheduled,
  setDeadline,
  withAmount,
} from "./support/payments";

test.describe.configure({ mode: "serial" });

const MINUTE = 60_000;

test("the account-issued reply of a transfer, replayed to NotifyURL, leaves the order unpaid", async ({ request }) => {
  const order = await placeOrder(request, overseasOrder);
  expect(order.payment).not.toBeNull();
  // The reader takes the account: the stand-in sends the account-issued result to NotifyURL and, through the
  // browser, to CustomerURL. The reader can read those fields in the page...
  const { fields } = await payAtStandIn(request, order.payment!, "success");
  expect(fields).toMatchObject({ Status: "SUCCESS" });
  const issued = JSON.parse(openTradeInfo(fields.TradeInfo as string));
  expect(issued.Result).toMatchObject({
    PaymentType: "VACC",
    BankCode: expect.any(String),
    CodeNo: expect.any(String),
  });
  expect(issued.Result.PayTime).toBeUndefined();
  // ... and post them to NotifyURL, as many times as they like.
  for (let i = 0; i < 3; i++) {
    const replayed = await notify(request, fields);
    expectMatchesContract("/payment/newebpay/notify", "post", replayed.status, replayed.body);
    expect(replayed.body.code).toBe(1);
  }
  const detail = await orderDetail(request, order);
  expect(detail).toMatchObject({ status: 1, status_label: "訂單待確認" });
  expect(detail.payment).toMatchObject({ paid_at: null, account_no: issued.Result.CodeNo, can_retry: false });
  expect(Date.parse(detail.payment.pay_by)).toBeGreaterThan(Date.now() + 24 * 60 * MINUTE);

  // The money arrives: the transfer's own notify, confirmed by QueryTradeInfo, settles it.
  await payAtStandIn(request, order.payment!, "transfer");
  expect(await orderDetail(request, order)).toMatchObject({ status: 5, status_label: "完成付款" });
});

test("a signed SUCCESS that QueryTradeInfo does not confirm leaves the order unpaid", async ({ request }) => {
  const order = await placeOrder(request);
  const no = order.merchantOrderNo as string;
  // Signed with the merchant's keys and carrying PayTime, but the gateway has no such payment.
  const forged = await notify(request, claimedPayment(no, order.total));
  expectMatchesContract("/payment/newebpay/notify", "post", forged.status, forged.body);
  expect(forged).toMatchObject({ status: 400, body: { code: 2, message: "付款未經金流確認" } });
  expect(await orderDetail(request, order)).toMatchObject({ status: 1 });

  // The gateway says the payment failed: a claimed SUCCESS still settles nothing.
  await payAtStandIn(request, order.payment!, "failure");
  expect(await orderDetail(request, order)).toMatchObject({ status: 3, status_label: "交易失敗" });
  expect((await notify(request, claimedPayment(no, order.total))).status).toBe(400);
  expect(await orderDetail(request, order)).toMatchObject({ status: 3 });
});

test("a notify that never arrives is settled by the reconciler", async ({ request }) => {
  const order = await placeOrder(request);
  await payAtStandIn(request, order.payment!, "success-silent");
  expect(await orderDetail(request, order)).toMatchObject({ status: 1 });
  // The reconciler gives a reader two minutes on the gateway before its first question: this order's comes now.
  await askFirst(request, order.order_no);
  await runScheduled(request);
  const detail = await orderDetail(request, order);
  expect(detail).toMatchObject({ status: 5, status_label: "完成付款" });
  expect(detail.payment.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
});

test("when QueryTradeInfo cannot answer in time the notify says code 5, and the reconciler settles later", async ({
  request,
}) => {
  const order = await placeOrder(request);
  const no = order.merchantOrderNo as string;
  await payAtStandIn(request, order.payment!, "success-silent");
  const hang = await request.post(`/_dev/payment/trades/${no}/query-mode`, { form: { mode: "hang" } });
  expect(hang.status()).toBe(200);
  const started = Date.now();
  const late = await notify(request, claimedPayment(no, order.total));
  expectMatchesContract("/payment/newebpay/notify", "post", late.status, late.body);
  expect(late).toMatchObject({ status: 503, body: { code: 5 } });
  // NEWEBPAY_TIMEOUT_MS of the test servers is 3 s: the store did not wait for the 30 s stall.
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(await orderDetail(request, order)).toMatchObject({ status: 1 });
  await request.post(`/_dev/payment/trades/${no}/query-mode`, { form: { mode: "normal" } });
  await askFirst(request, order.order_no);
  await runScheduled(request);
  expect(await orderDetail(request, order)).toMatchObject({ status: 5 });
});

test("an unpaid order ends at its deadline (交易中斷); a payment that comes after is recorded as 款項待退還", async ({
  request,
}) => {
  const order = await placeOrder(request);
  await setDeadline(request, order.order_no, new Date(Date.now() - 11 * MINUTE));
  await runScheduled(request);
  const ended = await orderDetail(request, order);
  expect(ended).toMatchObject({ status: 2, status_label: "交易中斷", can_cancel: false, refund_pending: false });
  expect(ended.payment).toMatchObject({ can_retry: false, pay_by: null });
  const retry = await request.post(`${API}/member/orders/${order.order_no}/payment`, { headers: order.headers });
  expect(await retry.json()).toMatchObject({ code: 2, message: "這張訂單已結束，無法付款" });

  // The reader still had the gateway's page open and pays: the money must go back.
  await payAtStandIn(request, order.payment!, "success");
  const refunded = await orderDetail(request, order);
  expectMatchesContract("/member/orders/{order_no}", "get", 200, { code: 1, message: "成功", data: refunded });
  expect(refunded).toMatchObject({ status: 2, refund_pending: true });
});

test("a repeated checkout and 重新付款 hand out the open attempt's form; a failure opens the next attempt", async ({
  request,
}) => {
  const order = await placeOrder(request);
  const first = order.merchantOrderNo as string;
  expect(first).toMatch(/_1$/);
  const retryUrl = `${API}/member/orders/${order.order_no}/payment`;
  const again = await request.post(retryUrl, { headers: order.headers });
  const againBody = await again.json();
  expectMatchesContract("/member/orders/{order_no}/payment", "post", again.status(), againBody);
  expect(againBody.data).toEqual(order.payment);
  expect((await orderDetail(request, order)).payment).toMatchObject({ can_retry: true });

  await payAtStandIn(request, order.payment!, "failure");
  const next = (await (await request.post(retryUrl, { headers: order.headers })).json()).data;
  expect(decryptTradeInfo(next.fields.TradeInfo).get("MerchantOrderNo")).toBe(first.replace(/_1$/, "_2"));
  // Asked again while the second may be paid: the second again, never a third.
  expect((await (await request.post(retryUrl, { headers: order.headers })).json()).data).toEqual(next);
  await payAtStandIn(request, next, "success");
  expect(await orderDetail(request, order)).toMatchObject({ status: 5 });
  // A late claim for the failed first attempt changes nothing.
  expect((await notify(request, claimedPayment(first, order.total))).status).toBe(400);
  expect(await orderDetail(request, order)).toMatchObject({ status: 5, refund_pending: false });
});

test("a payment of another amount than the order's total never pays it: 款項待退還, then 重新付款 at the total", async ({
  request,
}) => {
  const order = await placeOrder(request);
  const first = order.merchantOrderNo as string;
  // The gateway takes NT$1 less than the order's total and notifies it, signed; its QueryTradeInfo confirms that trade.
  await payAtStandIn(request, withAmount(order.payment!, order.total - 1), "success");
  const wrong = await orderDetail(request, order);
  expectMatchesContract("/member/orders/{order_no}", "get", 200, { code: 1, message: "成功", data: wrong });
  expect(wrong).toMatchObject({ status: 3, status_label: "交易失敗", refund_pending: true });
  expect(wrong.payment).toMatchObject({
    message: "付款金額與訂單金額不符，款項將由本店退還",
    paid_at: null,
    can_retry: true,
  });
  // The gateway's retry of the same notify changes nothing.
  expect((await notify(request, claimedPayment(first, order.total - 1))).body).toMatchObject({ code: 1 });
  expect(await orderDetail(request, order)).toEqual(wrong);

  // 重新付款 at the order's total pays it; the wrong payment is still to go back.
  const retryUrl = `${API}/member/orders/${order.order_no}/payment`;
  const next = (await (await request.post(retryUrl, { headers: order.headers })).json()).data;
  expect(decryptTradeInfo(next.fields.TradeInfo).get("Amt")).toBe(String(order.total));
  await payAtStandIn(request, next, "success");
  expect(await orderDetail(request, order)).toMatchObject({ status: 5, refund_pending: true });
});
