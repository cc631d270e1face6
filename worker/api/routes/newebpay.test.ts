import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config";
import { type GatewayResult, sealGatewayReply } from "../payment/gateway-reply";
import type { Merchant } from "../payment/merchant";
import { tradeShaOf } from "../payment/mpg-crypto";
import { paymentFormFor } from "../payment/payment-form";
import { replyCheckCode } from "../payment/query-trade-signing";
import { reconcilePayments } from "../payment/reconciler";
import { createSession } from "../queries/members";
import { callApi, testD1 } from "../testing/d1-harness";

const merchant: Merchant = {
  merchantId: "MS_LOCAL",
  keys: { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" },
};
const CONFIG_VARIABLES = {
  SITE_DESCRIPTION: "歡迎光臨",
  SITE_URL: "https://books.example.tw",
  NEWEBPAY_MERCHANT_ID: merchant.merchantId,
  NEWEBPAY_HASH_KEY: merchant.keys.hashKey,
  NEWEBPAY_HASH_IV: merchant.keys.hashIv,
  NEWEBPAY_QUERY_URL: "https://gateway.test/API/QueryTradeInfo",
  NEWEBPAY_TIMEOUT_MS: "200",
};
const config = parseConfig(CONFIG_VARIABLES);

const d1 = testD1();
const TOTAL = 1134;
let db: D1Database;
let orderSeq = 0;

async function newOrder(payType = 3): Promise<{ id: number; orderNo: string }> {
  orderSeq += 1;
  const orderNo = `BK20261123-${String(orderSeq).padStart(6, "0")}-ABCDEF`;
  const row = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name,
                           member_email, details, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total,
                           created_at)
       VALUES (?1, 1, 1, 0, 0, ?2, 1, '測試讀者', 'reader@example.com', '{}', ?3, 0, 1, 0, 0, 0, ?3, '2026-11-23T00:00:00Z')
       RETURNING id`,
    )
    .bind(orderNo, payType, TOTAL)
    .first<{ id: number }>();
  return { id: row?.id ?? 0, orderNo };
}

/** The MerchantOrderNo of the order's form: its live attempt's, or a new attempt's. */
async function attemptOf(orderId: number): Promise<string> {
  const order = await db
    .prepare("SELECT id, order_no, total, pay_type, member_email FROM orders WHERE id = ?1")
    .bind(orderId)
    .first<{ id: number; order_no: string; total: number; pay_type: number; member_email: string }>();
  if (!order) throw new Error("no order");
  const form = await paymentFormFor({ env: { DB: db, config }, req: { url: "https://books.example.tw/" } }, order);
  if (!form) throw new Error("no form");
  const row = await db
    .prepare("SELECT merchant_order_no FROM payment_attempts WHERE form = ?1")
    .bind(JSON.stringify(form))
    .first<{ merchant_order_no: string }>();
  return row?.merchant_order_no ?? "";
}

/** Ends every live attempt of the order, as a passed deadline or a failure would (so a new one may open). */
const endAttempts = (orderId: number) =>
  db.prepare("UPDATE payment_attempts SET state = 'failed' WHERE order_id = ?1 AND state = 'open'").bind(orderId).run();

/**
 * NewebPay's QueryTradeInfo as these tests play it: trades by MerchantOrderNo, answered with a valid CheckCode
 * (unless told otherwise); "down" hangs past the store's timeout.
 */
interface FakeTrade {
  amount: number;
  tradeStatus: number;
  payTime?: string;
  badCheckCode?: boolean;
}
const gateway = {
  trades: new Map<string, FakeTrade>(),
  down: false,
  locked: false,
  asked: 0,
  /** The Amt of each question asked, in order. */
  amounts: [] as number[],
};

async function fakeQueryTradeInfo(request: Request): Promise<Response> {
  gateway.asked += 1;
  const form = new URLSearchParams(await request.text());
  const no = form.get("MerchantOrderNo") ?? "";
  const amount = Number(form.get("Amt"));
  gateway.amounts.push(amount);
  if (gateway.down) {
    return new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
  }
  const trade = gateway.trades.get(no);
  if (gateway.locked) return Response.json({ Status: "TRA10071", Message: "locked", Result: {} });
  if (!trade || trade.amount !== amount)
    return Response.json({ Status: "TRA20002", Message: "查無交易資料", Result: {} });
  const tradeNo = `T${no.length}`;
  const check = await replyCheckCode(
    { merchantId: merchant.merchantId, merchantOrderNo: no, amount, tradeNo },
    merchant.keys,
  );
  return Response.json({
    Status: "SUCCESS",
    Message: "查詢成功",
    Result: {
      MerchantID: merchant.merchantId,
      Amt: amount,
      TradeNo: tradeNo,
      MerchantOrderNo: no,
      TradeStatus: trade.tradeStatus,
      PaymentType: "LINEPAY",
      PayTime: trade.payTime ?? "",
      CheckCode: trade.badCheckCode ? "0".repeat(64) : check,
    },
  });
}

/** The gateway took the payment (as QueryTradeInfo will say). */
const paidAtGateway = (no: string, amount = TOTAL) =>
  gateway.trades.set(no, { amount, tradeStatus: 1, payTime: "2026-11-23 19:05:35" });

const statusOf = async (orderId: number) =>
  (await db.prepare("SELECT status FROM orders WHERE id = ?1").bind(orderId).first<{ status: number }>())?.status;

function result(merchantOrderNo: string, overrides: Partial<GatewayResult> = {}, amount = TOTAL): GatewayResult {
  return {
    Status: "SUCCESS",
    Message: "授權成功",
    Result: {
      MerchantID: merchant.merchantId,
      Amt: amount,
      TradeNo: "23112319053512345",
      MerchantOrderNo: merchantOrderNo,
      PaymentType: "LINEPAY",
      PayTime: "2026-11-23 19:05:35",
    },
    ...overrides,
  };
}

const post = (call: string, body: BodyInit, headers: Record<string, string> = {}) =>
  callApi(db, `/payment/newebpay/${call}`, { method: "POST", body, headers }, config);

const postForm = (call: string, form: Record<string, string>) => post(call, new URLSearchParams(form));

async function notify(form: Record<string, string>) {
  const res = await postForm("notify", form);
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  db = await d1.fresh();
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'r@example.com', 'r', 'x', '')",
    )
    .run();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  Object.assign(gateway, { trades: new Map(), down: false, locked: false, asked: 0, amounts: [] });
  vi.stubGlobal("fetch", fakeQueryTradeInfo);
});
afterEach(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
});

/** The last refusal logged: one JSON line. */
const lastLog = () => JSON.parse(String(warn.mock.calls.at(-1)?.[0])) as { where: string; reason: string };

const attemptRow = (no: string) =>
  db
    .prepare(
      `SELECT state, gateway_status, gateway_message, trade_no, pay_time, notified_at, refund_needed, bank_code,
              account_no, expire_date, deadline_at, claimed_amount FROM payment_attempts WHERE merchant_order_no = ?1`,
    )
    .bind(no)
    .first<Record<string, string | number | null>>();

const refundOf = async (orderId: number) =>
  (
    await db
      .prepare("SELECT refund_needed_at FROM orders WHERE id = ?1")
      .bind(orderId)
      .first<{ refund_needed_at: string }>()
  )?.refund_needed_at ?? null;

/** The account-issued result of a transfer: signed, SUCCESS, but no PayTime (PAYMENT.md). */
function accountIssued(no: string): GatewayResult {
  return {
    Status: "SUCCESS",
    Message: "取號成功",
    Result: {
      MerchantID: merchant.merchantId,
      Amt: TOTAL,
      TradeNo: "23112319053512345",
      MerchantOrderNo: no,
      PaymentType: "VACC",
      BankCode: "012",
      CodeNo: "9912345678901234",
      ExpireDate: "2026-11-30",
      ExpireTime: "23:59:59",
    },
  };
}

describe("NewebPay's notify settles only on proof", () => {
  it("pays the order when the notify carries PayTime and QueryTradeInfo confirms it, once", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    expect(await notify(await sealGatewayReply(result(no), merchant))).toEqual({
      status: 200,
      body: { code: 1, message: "成功", data: null },
    });
    expect(await statusOf(order.id)).toBe(5);
    expect(gateway.asked).toBe(1);
    expect(await attemptRow(no)).toMatchObject({
      state: "paid",
      gateway_status: "SUCCESS",
      trade_no: `T${no.length}`,
      pay_time: "2026-11-23 19:05:35",
    });
    expect(
      await db
        .prepare("SELECT from_status, to_status, event FROM order_events WHERE order_id = ?1")
        .bind(order.id)
        .all(),
    ).toMatchObject({ results: [{ from_status: 1, to_status: 5, event: "paid" }] });
  });

  it("leaves the order unpaid for the account-issued reply replayed to NotifyURL, and only records the account", async () => {
    const order = await newOrder(7);
    const no = await attemptOf(order.id);
    // The gateway even says the trade is paid: the account-issued reply must not be what settles it.
    paidAtGateway(no);
    expect(await notify(await sealGatewayReply(accountIssued(no), merchant))).toMatchObject({ status: 200 });
    expect(await statusOf(order.id)).toBe(1);
    expect(gateway.asked).toBe(0);
    expect(await attemptRow(no)).toMatchObject({
      state: "account_issued",
      bank_code: "012",
      account_no: "9912345678901234",
      deadline_at: "2026-11-30T15:59:59.000Z",
    });
  });

  it("refuses a SUCCESS without proof: no PayTime, or a transfer without the payer's fields", async () => {
    const card = await newOrder();
    const cardNo = await attemptOf(card.id);
    paidAtGateway(cardNo);
    const noPayTime = result(cardNo);
    delete noPayTime.Result.PayTime;
    expect(await notify(await sealGatewayReply(noPayTime, merchant))).toEqual({
      status: 400,
      body: { code: 2, message: "付款未經金流確認" },
    });
    expect(await statusOf(card.id)).toBe(1);

    const transfer = await newOrder(7);
    const transferNo = await attemptOf(transfer.id);
    paidAtGateway(transferNo);
    const withoutPayer = result(transferNo);
    withoutPayer.Result.PaymentType = "VACC";
    expect((await notify(await sealGatewayReply(withoutPayer, merchant))).status).toBe(400);
    expect(await statusOf(transfer.id)).toBe(1);
    Object.assign(withoutPayer.Result, { PayBankCode: "809", PayerAccount5Code: "12345" });
    expect((await notify(await sealGatewayReply(withoutPayer, merchant))).status).toBe(200);
    expect(await statusOf(transfer.id)).toBe(5);
  });

  it.each([
    ["the gateway has no such trade", (_no: string) => {}],
    ["TradeStatus 0 (unpaid)", (no: string) => gateway.trades.set(no, { amount: TOTAL, tradeStatus: 0 })],
    ["TradeStatus 9 (付款中)", (no: string) => gateway.trades.set(no, { amount: TOTAL, tradeStatus: 9 })],
    ["another amount", (no: string) => gateway.trades.set(no, { amount: TOTAL + 1, tradeStatus: 1 })],
    [
      "a CheckCode that does not verify",
      (no: string) => gateway.trades.set(no, { amount: TOTAL, tradeStatus: 1, badCheckCode: true }),
    ],
  ])("leaves the order unpaid when QueryTradeInfo does not confirm it: %s", async (_name, arrange) => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    arrange(no);
    expect(await notify(await sealGatewayReply(result(no), merchant))).toEqual({
      status: 400,
      body: { code: 2, message: "付款未經金流確認" },
    });
    expect(await statusOf(order.id)).toBe(1);
    expect(await attemptRow(no)).toMatchObject({ state: "open" });
    expect(lastLog()).toMatchObject({ where: "newebpay-notify", reason: expect.stringMatching(/not confirmed/) });
  });

  it("answers code 5 when QueryTradeInfo cannot be reached in time; the reconciler settles it later", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    gateway.down = true;
    expect(await notify(await sealGatewayReply(result(no), merchant))).toEqual({
      status: 503,
      body: { code: 5, message: "暫時無法向金流確認付款，稍後將自動對帳" },
    });
    expect(await statusOf(order.id)).toBe(1);
    gateway.down = false;
    const report = await reconcilePayments({ DB: db, config }, new Date(Date.now() + 3 * 60_000));
    expect(report).toMatchObject({ settled: 1, stopped: null });
    expect(await statusOf(order.id)).toBe(5);
  });

  it("answers a repeat with code 1 and changes nothing, even when it says otherwise", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    const success = await sealGatewayReply(result(no), merchant);
    await notify(success);
    expect((await notify(success)).body.code).toBe(1);
    const failure = await sealGatewayReply(result(no, { Status: "MPG03009", Message: "交易失敗" }), merchant);
    expect((await notify(failure)).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
    expect(await attemptRow(no)).toMatchObject({ state: "paid", gateway_status: "SUCCESS", refund_needed: 0 });
    expect(await refundOf(order.id)).toBeNull();
  });

  it("fails an order on any other Status; a retry's confirmed SUCCESS then pays it", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    await notify(await sealGatewayReply(result(first, { Status: "MPG03009", Message: "交易失敗" }), merchant));
    expect(await statusOf(order.id)).toBe(3);
    const second = await attemptOf(order.id);
    expect(second).not.toBe(first);
    paidAtGateway(second);
    expect((await notify(await sealGatewayReply(result(second), merchant))).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
  });

  it("hands out the open attempt's form again: one live payment per order", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    expect(await attemptOf(order.id)).toBe(first);
    expect(await attemptOf(order.id)).toBe(first);
    const count = await db
      .prepare("SELECT COUNT(*) AS n FROM payment_attempts WHERE order_id = ?1")
      .bind(order.id)
      .first();
    expect(count).toEqual({ n: 1 });
  });

  it("never lets a late failure undo a payment; a paid order takes no new attempt", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    await endAttempts(order.id);
    const second = await attemptOf(order.id);
    paidAtGateway(second);
    await notify(await sealGatewayReply(result(second), merchant));
    expect((await notify(await sealGatewayReply(result(first, { Status: "MPG03009" }), merchant))).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
    await expect(attemptOf(order.id)).rejects.toThrow(/no form/);
  });

  it("records a refund for a second payment of a paid order, and for a payment after the order ended", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    await endAttempts(order.id);
    const second = await attemptOf(order.id);
    paidAtGateway(first);
    paidAtGateway(second);
    await notify(await sealGatewayReply(result(second), merchant));
    expect(await refundOf(order.id)).toBeNull();
    expect((await notify(await sealGatewayReply(result(first), merchant))).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
    expect(await refundOf(order.id)).not.toBeNull();
    expect(await attemptRow(first)).toMatchObject({ state: "paid", refund_needed: 1 });
    expect(warn.mock.calls.map(([line]: unknown[]) => JSON.parse(String(line)).where)).toContain("order-refund");

    const ended = await newOrder();
    const late = await attemptOf(ended.id);
    await db.prepare("UPDATE orders SET status = 2 WHERE id = ?1").bind(ended.id).run();
    paidAtGateway(late);
    expect((await notify(await sealGatewayReply(result(late), merchant))).body.code).toBe(1);
    expect(await statusOf(ended.id)).toBe(2);
    expect(await refundOf(ended.id)).not.toBeNull();
  });
  describe("a payment of another amount than the order's total", () => {
    const WRONG = TOTAL - 100;
    const eventsOf = async (orderId: number) =>
      (
        await db
          .prepare("SELECT from_status, to_status, event FROM order_events WHERE order_id = ?1 ORDER BY id")
          .bind(orderId)
          .all()
      ).results;

    const claimOf = (no: string) =>
      db
        .prepare(
          `SELECT claimed_amount, claim_next_check_at, claim_checks FROM payment_attempts
            WHERE merchant_order_no = ?1`,
        )
        .bind(no)
        .first<{ claimed_amount: number | null; claim_next_check_at: string | null; claim_checks: number }>();
    const claimedOf = async (no: string) => (await claimOf(no))?.claimed_amount;
    /** An order whose notify of another amount came while QueryTradeInfo was down: the claim is kept, due now. */
    const claimed = async () => {
      const order = await newOrder();
      const no = await attemptOf(order.id);
      gateway.down = true;
      expect((await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).status).toBe(503);
      gateway.down = false;
      expect(await claimedOf(no)).toBe(WRONG);
      return { order, no };
    };

    it("is recorded to refund, once, when QueryTradeInfo confirms the amount taken; it never pays the order", async () => {
      const order = await newOrder();
      const no = await attemptOf(order.id);
      paidAtGateway(no, WRONG);
      const reply = await sealGatewayReply(result(no, {}, WRONG), merchant);
      expect(await notify(reply)).toEqual({ status: 200, body: { code: 1, message: "成功", data: null } });
      // Not paid: the attempt failed, the order with it (交易失敗, so it may be paid again at its total).
      expect(await statusOf(order.id)).toBe(3);
      expect(await eventsOf(order.id)).toEqual([{ from_status: 1, to_status: 3, event: "payment-failed" }]);
      expect(await attemptRow(no)).toMatchObject({
        state: "failed",
        refund_needed: 1,
        gateway_status: "SUCCESS",
        gateway_message: "付款金額與訂單金額不符，款項將由本店退還",
        trade_no: `T${no.length}`,
        pay_time: "2026-11-23 19:05:35",
      });
      const refund = await refundOf(order.id);
      expect(refund).not.toBeNull();
      const logged = warn.mock.calls.map(([line]: unknown[]) => JSON.parse(String(line)));
      expect(logged).toContainEqual(expect.objectContaining({ where: "order-refund" }));
      expect(logged).toContainEqual(
        expect.objectContaining({
          where: "newebpay-notify",
          reason: "Amt mismatch, payment recorded to refund",
          amt: WRONG,
        }),
      );

      // The gateway retries its notify: nothing changes.
      expect(await notify(reply)).toMatchObject({ status: 200, body: { code: 1 } });
      expect(lastLog()).toMatchObject({ reason: "Amt mismatch, payment to refund recorded already" });
      expect(await statusOf(order.id)).toBe(3);
      expect(await refundOf(order.id)).toBe(refund);
      expect(await eventsOf(order.id)).toHaveLength(1);

      // Paid again at its total, the order is paid; the wrong payment is still to go back.
      const second = await attemptOf(order.id);
      expect(second).not.toBe(no);
      paidAtGateway(second);
      expect((await notify(await sealGatewayReply(result(second), merchant))).body.code).toBe(1);
      expect(await statusOf(order.id)).toBe(5);
      expect(await refundOf(order.id)).toBe(refund);
      expect(await attemptRow(no)).toMatchObject({ state: "failed", refund_needed: 1 });
      expect(await attemptRow(second)).toMatchObject({ state: "paid", refund_needed: 0 });
    });

    it("records nothing the gateway does not confirm at that amount; code 5 when it cannot be asked or is not paid yet", async () => {
      const order = await newOrder();
      const no = await attemptOf(order.id);
      const reply = await sealGatewayReply(result(no, {}, WRONG), merchant);
      // The gateway knows the trade at the order's total only: the claim of another amount is refused.
      paidAtGateway(no);
      expect(await notify(reply)).toEqual({ status: 400, body: { code: 2, message: "付款通知驗證失敗" } });
      expect(lastLog()).toMatchObject({
        where: "newebpay-notify",
        reason: expect.stringMatching(/^Amt mismatch, not confirmed/),
      });
      // Known at that amount but not paid yet (TradeStatus 0): nothing recorded, the claim kept for the reconciler.
      gateway.trades.set(no, { amount: WRONG, tradeStatus: 0 });
      expect(await notify(reply)).toEqual({
        status: 503,
        body: { code: 5, message: "暫時無法向金流確認付款，稍後將自動對帳" },
      });
      expect(lastLog()).toMatchObject({
        reason: "Amt mismatch, QueryTradeInfo: TradeStatus 0; kept for the reconciler",
      });
      expect(await statusOf(order.id)).toBe(1);
      expect(await attemptRow(no)).toMatchObject({ state: "open", refund_needed: 0, claimed_amount: WRONG });
      expect(await refundOf(order.id)).toBeNull();
      // Failed at the gateway (TradeStatus 2): refused, as a claim the gateway denies.
      gateway.trades.set(no, { amount: WRONG, tradeStatus: 2 });
      expect((await notify(reply)).status).toBe(400);
      expect(lastLog()).toMatchObject({ reason: "Amt mismatch, not confirmed by QueryTradeInfo: TradeStatus 2" });

      paidAtGateway(no, WRONG);
      gateway.down = true;
      expect(await notify(reply)).toEqual({
        status: 503,
        body: { code: 5, message: "暫時無法向金流確認付款，稍後將自動對帳" },
      });
      expect(await statusOf(order.id)).toBe(1);
      expect(await refundOf(order.id)).toBeNull();
      // The gateway's retry is then recorded.
      gateway.down = false;
      expect((await notify(reply)).body.code).toBe(1);
      expect(await statusOf(order.id)).toBe(3);
      expect(await refundOf(order.id)).not.toBeNull();
    });

    it("is recorded by the reconciler when QueryTradeInfo could not be asked as it came (down, or TRA10071)", async () => {
      const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
      // Down: the notify is answered with code 5, the claim kept; the gateway never sends it again.
      const order = await newOrder();
      const no = await attemptOf(order.id);
      paidAtGateway(no, WRONG);
      gateway.down = true;
      expect((await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).status).toBe(503);
      expect(await claimedOf(no)).toBe(WRONG);
      expect(await refundOf(order.id)).toBeNull();
      gateway.down = false;
      expect(await reconcilePayments({ DB: db, config }, later(1))).toMatchObject({ refunds: 1, stopped: null });
      expect(await statusOf(order.id)).toBe(3);
      expect(await refundOf(order.id)).not.toBeNull();
      expect(await attemptRow(no)).toMatchObject({ state: "failed", refund_needed: 1, trade_no: `T${no.length}` });
      // Once: the next run asks nothing about it.
      const asked = gateway.asked;
      expect(await reconcilePayments({ DB: db, config }, later(2))).toMatchObject({ refunds: 0, checked: 0 });
      expect(gateway.asked).toBe(asked);
      expect(await eventsOf(order.id)).toEqual([{ from_status: 1, to_status: 3, event: "payment-failed" }]);

      // Locked (TRA10071): kept until the lock passes, then recorded.
      const locked = await newOrder();
      const lockedNo = await attemptOf(locked.id);
      paidAtGateway(lockedNo, WRONG);
      gateway.locked = true;
      expect((await notify(await sealGatewayReply(result(lockedNo, {}, WRONG), merchant))).status).toBe(503);
      gateway.locked = false;
      expect((await reconcilePayments({ DB: db, config }, later(3))).stopped).toMatch(/locked until/);
      expect(await refundOf(locked.id)).toBeNull();
      expect(await reconcilePayments({ DB: db, config }, later(4 * 60 + 1))).toMatchObject({ refunds: 1 });
      expect(await refundOf(locked.id)).not.toBeNull();
      expect(await attemptRow(lockedNo)).toMatchObject({ refund_needed: 1 });

      // A claim the gateway does not confirm at that amount records nothing, is dropped, and one line says so.
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const denied = await newOrder();
      const deniedNo = await attemptOf(denied.id);
      gateway.down = true;
      await notify(await sealGatewayReply(result(deniedNo, {}, WRONG), merchant));
      gateway.down = false;
      expect(await reconcilePayments({ DB: db, config }, later(4 * 60 + 2))).toMatchObject({ refunds: 0 });
      expect(await claimedOf(deniedNo)).toBeNull();
      expect(await refundOf(denied.id)).toBeNull();
      expect(await attemptRow(deniedNo)).toMatchObject({ refund_needed: 0, trade_no: null });
      expect(JSON.parse(String(error.mock.calls.at(-1)?.[0]))).toMatchObject({
        where: "payment-reconciler",
        order_id: denied.id,
        amount: TOTAL,
        claimed_amount: WRONG,
      });
      expect(JSON.stringify(error.mock.calls)).not.toContain("reader@example.com");
      error.mockRestore();
    });

    it("is kept by the reconciler while the gateway says the trade is unpaid or being paid, within a window", async () => {
      const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
      const error = vi.spyOn(console, "error").mockImplementation(() => {});

      // TradeStatus 0 (unpaid) and 9 (付款中): kept and asked again; then TradeStatus 1 records the refund.
      const paying = await claimed();
      gateway.trades.set(paying.no, { amount: WRONG, tradeStatus: 0 });
      expect(await reconcilePayments({ DB: db, config }, later(1))).toMatchObject({ refunds: 0, stopped: null });
      expect(await claimedOf(paying.no)).toBe(WRONG);
      gateway.trades.set(paying.no, { amount: WRONG, tradeStatus: 9 });
      const asked = gateway.asked;
      expect(await reconcilePayments({ DB: db, config }, later(6))).toMatchObject({ refunds: 0 });
      expect(gateway.asked).toBeGreaterThan(asked);
      expect(await claimedOf(paying.no)).toBe(WRONG);
      expect(error).not.toHaveBeenCalled();
      paidAtGateway(paying.no, WRONG);
      expect(await reconcilePayments({ DB: db, config }, later(11))).toMatchObject({ refunds: 1 });
      expect(await refundOf(paying.order.id)).not.toBeNull();
      expect(await attemptRow(paying.no)).toMatchObject({ state: "failed", refund_needed: 1 });

      // A definite no (TradeStatus 2 failed) drops it at once, and one line says so.
      const failed = await claimed();
      gateway.trades.set(failed.no, { amount: WRONG, tradeStatus: 2 });
      await reconcilePayments({ DB: db, config }, later(16));
      expect(await claimedOf(failed.no)).toBeNull();
      expect(JSON.parse(String(error.mock.calls.at(-1)?.[0]))).toMatchObject({
        where: "payment-reconciler",
        order_id: failed.order.id,
        reason: "TradeStatus 2",
      });

      // An answer that does not name that trade at that amount under a valid CheckCode is a denial too: dropped at once.
      const forged = await claimed();
      gateway.trades.set(forged.no, { amount: WRONG, tradeStatus: 1, badCheckCode: true });
      await reconcilePayments({ DB: db, config }, later(17));
      expect(await claimedOf(forged.no)).toBeNull();
      expect(await refundOf(forged.order.id)).toBeNull();
      expect(JSON.parse(String(error.mock.calls.at(-1)?.[0]))).toMatchObject({
        where: "payment-reconciler",
        order_id: forged.order.id,
        reason: "bad CheckCode",
      });

      // Still unpaid a day past the attempt's deadline (TradeLimit, 15 minutes): dropped, and one line says so.
      const stuck = await claimed();
      gateway.trades.set(stuck.no, { amount: WRONG, tradeStatus: 0 });
      await reconcilePayments({ DB: db, config }, later(15 + 24 * 60 - 1));
      expect(await claimedOf(stuck.no)).toBe(WRONG);
      await reconcilePayments({ DB: db, config }, later(15 + 24 * 60 + 1));
      expect(await claimedOf(stuck.no)).toBeNull();
      expect(await refundOf(stuck.order.id)).toBeNull();
      expect(JSON.parse(String(error.mock.calls.at(-1)?.[0]))).toMatchObject({
        where: "payment-reconciler",
        order_id: stuck.order.id,
        claimed_amount: WRONG,
        reason: "TradeStatus 0, still after the claim window",
      });
      expect(JSON.stringify(error.mock.calls)).not.toContain("reader@example.com");
      error.mockRestore();
    });

    describe("a kept claim", () => {
      // Each test's own start: a time taken when the file is collected can be minutes before the claim is kept, on a
      // loaded machine, and then "1 minute later" is before the claim.
      let base = Date.now();
      const at = (minutes: number) => new Date(base + minutes * 60_000);
      /** Questions asked at the claimed amount (not the attempt's, which the reconciler asks about on its own). */
      const claimQuestions = () => gateway.amounts.filter((amount) => amount === WRONG).length;
      let error: ReturnType<typeof vi.spyOn>;
      beforeEach(() => {
        base = Date.now();
        error = vi.spyOn(console, "error").mockImplementation(() => {});
      });
      afterEach(() => error.mockRestore());
      const lastError = () => JSON.parse(String(error.mock.calls.at(-1)?.[0])) as Record<string, unknown>;

      it("is asked again only after its back-off (2, 4 … minutes), not at every run", async () => {
        const { order, no } = await claimed();
        gateway.trades.set(no, { amount: WRONG, tradeStatus: 0 });
        const run = async (minutes: number) => {
          const before = claimQuestions();
          await reconcilePayments({ DB: db, config }, at(minutes));
          return claimQuestions() - before;
        };
        const asked = claimQuestions();
        expect(await run(1)).toBe(1);
        expect(await claimOf(no)).toEqual({
          claimed_amount: WRONG,
          claim_next_check_at: at(3).toISOString(),
          claim_checks: 1,
        });
        expect(await run(2)).toBe(0);
        expect(await run(3)).toBe(1);
        expect(await run(5)).toBe(0);
        expect(await run(6)).toBe(0);
        expect(await run(7)).toBe(1);
        expect((await claimOf(no))?.claim_next_check_at).toBe(at(15).toISOString());
        expect(await run(14)).toBe(0);
        expect(claimQuestions()).toBe(asked + 3);
        // Paid at last: recorded at its next question, and the claim cleared with it.
        paidAtGateway(no, WRONG);
        expect(await reconcilePayments({ DB: db, config }, at(15))).toMatchObject({ refunds: 1 });
        expect(await refundOf(order.id)).not.toBeNull();
        expect(await claimOf(no)).toEqual({ claimed_amount: null, claim_next_check_at: null, claim_checks: 0 });
        expect(error).not.toHaveBeenCalled();
      });

      it("is asked when due, longest due first, a claim kept before migration 0026 at once", async () => {
        const due = await claimed();
        const notYet = await claimed();
        const old = await claimed();
        for (const { no } of [due, notYet, old]) gateway.trades.set(no, { amount: WRONG, tradeStatus: 9 });
        const setDue = (no: string, when: string | null) =>
          db
            .prepare("UPDATE payment_attempts SET claim_next_check_at = ?2 WHERE merchant_order_no = ?1")
            .bind(no, when)
            .run();
        await setDue(due.no, at(1).toISOString());
        await setDue(notYet.no, at(30).toISOString());
        await setDue(old.no, null);
        const asked = gateway.amounts.length;
        const claimsAsked = claimQuestions();
        await reconcilePayments({ DB: db, config }, at(2));
        // Two claims asked about (the old one first), then the attempts themselves at their amount.
        expect(claimQuestions() - claimsAsked).toBe(2);
        expect(gateway.amounts.slice(asked, asked + 2)).toEqual([WRONG, WRONG]);
        expect((await claimOf(old.no))?.claim_next_check_at).toBe(at(4).toISOString());
        expect((await claimOf(due.no))?.claim_next_check_at).toBe(at(4).toISOString());
        expect((await claimOf(notYet.no))?.claim_checks).toBe(0);
      });

      it("is not kept from a notify past the claim window: nothing waits, nothing more is asked", async () => {
        const order = await newOrder();
        const no = await attemptOf(order.id);
        // The attempt's deadline passed a day and a minute ago.
        await db
          .prepare("UPDATE payment_attempts SET deadline_at = ?2 WHERE merchant_order_no = ?1")
          .bind(no, new Date(Date.now() - (24 * 60 + 1) * 60_000).toISOString())
          .run();
        gateway.down = true;
        expect(await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).toEqual({
          status: 400,
          body: { code: 2, message: "付款通知驗證失敗" },
        });
        gateway.down = false;
        expect(await claimOf(no)).toEqual({ claimed_amount: null, claim_next_check_at: null, claim_checks: 0 });
        expect(lastError()).toMatchObject({
          where: "newebpay-notify",
          event: "claimed payment of another amount not confirmed",
          order_id: order.id,
          claimed_amount: WRONG,
          reason: expect.stringMatching(/, after the claim window$/),
        });
        expect(lastLog()).toMatchObject({ reason: expect.stringMatching(/^Amt mismatch, not confirmed/) });
        // Not paid yet at the gateway, past the window: not kept either.
        gateway.trades.set(no, { amount: WRONG, tradeStatus: 0 });
        expect((await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).status).toBe(400);
        expect((await claimOf(no))?.claimed_amount).toBeNull();
        expect(lastError()).toMatchObject({ reason: "TradeStatus 0, after the claim window" });
        const asked = claimQuestions();
        await reconcilePayments({ DB: db, config }, at(5));
        expect(claimQuestions()).toBe(asked);
        expect(JSON.stringify(error.mock.calls)).not.toContain("reader@example.com");
      });

      it("is not dropped unasked by a notify past the window while the gateway cannot be asked", async () => {
        const { no } = await claimed();
        await db
          .prepare("UPDATE payment_attempts SET deadline_at = ?2 WHERE merchant_order_no = ?1")
          .bind(no, new Date(Date.now() - (24 * 60 + 1) * 60_000).toISOString())
          .run();
        gateway.down = true;
        expect((await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).status).toBe(400);
        gateway.down = false;
        // Still there for the reconciler's last question, which may yet record the refund.
        expect((await claimOf(no))?.claimed_amount).toBe(WRONG);
      });

      it("is dropped when a later notify's question denies it, and one line says so", async () => {
        const { order, no } = await claimed();
        // The gateway's retry of the notify: that trade failed at that amount (TradeStatus 2).
        gateway.trades.set(no, { amount: WRONG, tradeStatus: 2 });
        expect((await notify(await sealGatewayReply(result(no, {}, WRONG), merchant))).status).toBe(400);
        expect(await claimOf(no)).toEqual({ claimed_amount: null, claim_next_check_at: null, claim_checks: 0 });
        expect(lastError()).toMatchObject({
          where: "newebpay-notify",
          event: "claimed payment of another amount not confirmed",
          order_id: order.id,
          amount: TOTAL,
          claimed_amount: WRONG,
          reason: "TradeStatus 2",
        });
        const asked = claimQuestions();
        await reconcilePayments({ DB: db, config }, at(5));
        expect(claimQuestions()).toBe(asked);

        // Not found at that amount (TRA20002) denies it too; a denial with no claim kept logs no such line.
        const other = await claimed();
        expect((await notify(await sealGatewayReply(result(other.no, {}, WRONG), merchant))).status).toBe(400);
        expect((await claimOf(other.no))?.claimed_amount).toBeNull();
        expect(lastError()).toMatchObject({ order_id: other.order.id, reason: "TRA20002 not found" });
        const lines = error.mock.calls.length;
        expect((await notify(await sealGatewayReply(result(other.no, {}, WRONG), merchant))).status).toBe(400);
        expect(error.mock.calls.length).toBe(lines);
        expect(await refundOf(order.id)).toBeNull();
      });
    });

    it("refuses a failure or an unproven SUCCESS of another amount, as before: nothing recorded, nothing asked", async () => {
      const order = await newOrder();
      const no = await attemptOf(order.id);
      paidAtGateway(no, WRONG);
      const failure = result(no, { Status: "MPG03009", Message: "交易失敗" }, WRONG);
      expect((await notify(await sealGatewayReply(failure, merchant))).status).toBe(400);
      const noPayTime = result(no, {}, WRONG);
      delete noPayTime.Result.PayTime;
      expect((await notify(await sealGatewayReply(noPayTime, merchant))).status).toBe(400);
      expect(lastLog()).toMatchObject({ reason: "Amt mismatch" });
      expect(gateway.asked).toBe(0);
      expect(await statusOf(order.id)).toBe(1);
      expect(await attemptRow(no)).toMatchObject({ state: "open", refund_needed: 0 });
    });

    it("for an order paid or ended meanwhile: only the refund, its status unchanged", async () => {
      const paid = await newOrder();
      const first = await attemptOf(paid.id);
      await endAttempts(paid.id);
      const second = await attemptOf(paid.id);
      paidAtGateway(second);
      await notify(await sealGatewayReply(result(second), merchant));
      paidAtGateway(first, WRONG);
      expect((await notify(await sealGatewayReply(result(first, {}, WRONG), merchant))).body.code).toBe(1);
      expect(await statusOf(paid.id)).toBe(5);
      expect(await refundOf(paid.id)).not.toBeNull();
      expect(await attemptRow(first)).toMatchObject({ state: "failed", refund_needed: 1 });

      const ended = await newOrder();
      const late = await attemptOf(ended.id);
      await db.prepare("UPDATE orders SET status = 2 WHERE id = ?1").bind(ended.id).run();
      paidAtGateway(late, WRONG);
      expect((await notify(await sealGatewayReply(result(late, {}, WRONG), merchant))).body.code).toBe(1);
      expect(await statusOf(ended.id)).toBe(2);
      expect(await refundOf(ended.id)).not.toBeNull();
    });
  });

  describe("refuses with code 2, changes nothing and logs one JSON line", () => {
    let order: { id: number; orderNo: string };
    let no: string;
    beforeEach(async () => {
      order = await newOrder();
      no = await attemptOf(order.id);
      paidAtGateway(no);
    });

    const refusedWith = async (form: Record<string, string>, reason: RegExp) => {
      expect(await notify(form)).toEqual({ status: 400, body: { code: 2, message: "付款通知驗證失敗" } });
      expect(await statusOf(order.id)).toBe(1);
      const attempt = await db.prepare("SELECT state FROM payment_attempts").first<{ state: string }>();
      expect(attempt?.state).toBe("open");
      expect(lastLog()).toMatchObject({ where: "newebpay-notify", reason: expect.stringMatching(reason) });
    };

    it("a forged TradeSha", async () => {
      const form = await sealGatewayReply(result(no), merchant);
      await refusedWith({ ...form, TradeSha: "0".repeat(64) }, /TradeSha/);
      const forger = { ...merchant, keys: { hashKey: "abcdefghijklmnopqrstuvwxyz123456", hashIv: "abcdefghijklmnop" } };
      await refusedWith(await sealGatewayReply(result(no), forger), /TradeSha/);
    });

    it("a wrong amount", async () => {
      await refusedWith(await sealGatewayReply(result(no, {}, TOTAL - 1), merchant), /Amt/);
      await refusedWith(await sealGatewayReply(result(no, {}, TOTAL + 1), merchant), /Amt/);
    });

    it("another merchant's id, inside or outside", async () => {
      const theirs = result(no);
      theirs.Result.MerchantID = "MS_OTHER";
      await refusedWith(await sealGatewayReply(theirs, merchant), /MerchantID/);
      await refusedWith({ ...(await sealGatewayReply(result(no), merchant)), MerchantID: "MS_OTHER" }, /MerchantID/);
    });

    it("an unknown MerchantOrderNo", async () => {
      await refusedWith(await sealGatewayReply(result(`${no}9`), merchant), /unknown MerchantOrderNo/);
    });

    it("missing fields, non-hex, odd length, wrong padding and text that is no result", async () => {
      const form = await sealGatewayReply(result(no), merchant);
      const signed = async (TradeInfo: string) => ({
        ...form,
        TradeInfo,
        TradeSha: await tradeShaOf(TradeInfo, merchant.keys),
      });
      await refusedWith({}, /fields/);
      await refusedWith({ ...form, TradeInfo: "" }, /fields/);
      const { TradeSha: _omit, ...unsigned } = form;
      await refusedWith(unsigned, /fields/);
      await refusedWith(await signed(`zz${form.TradeInfo.slice(2)}`), /decrypt/);
      await refusedWith(await signed(form.TradeInfo.slice(1)), /decrypt/);
      await refusedWith(await signed(form.TradeInfo.slice(0, -32)), /decrypt/);
      await refusedWith(await signed("00".repeat(32)), /decrypt/);
      const notJson = await sealGatewayReply(result(no), merchant);
      // A signed, decryptable text that is not the gateway's JSON.
      const { sealTradeInfo } = await import("../payment/mpg-crypto");
      await refusedWith({ ...notJson, ...(await sealTradeInfo("Status=SUCCESS", merchant.keys)) }, /JSON/);
      await refusedWith({ ...notJson, ...(await sealTradeInfo('{"Status":"SUCCESS"}', merchant.keys)) }, /Result/);
    });

    it("bodies that are not a form, or far too large", async () => {
      const form = await sealGatewayReply(result(no), merchant);
      const json = await post("notify", JSON.stringify(form), { "Content-Type": "application/json" });
      expect([json.status, ((await json.json()) as { code: number }).code]).toEqual([400, 2]);
      const multipart = await post("notify", "--x\r\nbroken", { "Content-Type": "multipart/form-data; boundary=x" });
      expect([multipart.status, ((await multipart.json()) as { code: number }).code]).toEqual([400, 2]);
      const huge = await postForm("notify", { ...form, TradeInfo: "ab".repeat(40_000) });
      expect(huge.status).toBeGreaterThanOrEqual(400);
      expect(huge.status).toBeLessThan(500);
      expect(((await huge.json()) as { code: number }).code).toBe(2);
      expect(await statusOf(order.id)).toBe(1);
    });
  });
});

describe("the payment reconciler", () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it("settles a payment whose notify never arrived: an attempt nobody has heard of is asked twice at most", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const deadline = Date.parse((await attemptRow(no))?.deadline_at as string);
    expect(await reconcilePayments({ DB: db, config }, new Date())).toMatchObject({ checked: 0 });
    expect(await reconcilePayments({ DB: db, config }, later(3))).toMatchObject({ checked: 1, settled: 0 });
    // Not found (the form may never have been posted): not asked again before the deadline ...
    paidAtGateway(no);
    expect(await reconcilePayments({ DB: db, config }, later(6))).toMatchObject({ checked: 0 });
    expect(await reconcilePayments({ DB: db, config }, later(14))).toMatchObject({ checked: 0 });
    expect(gateway.asked).toBe(1);
    // ... where the last question before ending the order finds the payment.
    const report = await reconcilePayments({ DB: db, config }, new Date(deadline + 11 * 60_000));
    expect(report).toMatchObject({ checked: 1, settled: 1, expired: 0 });
    expect(await statusOf(order.id)).toBe(5);
  });

  it("asks at its next run about an attempt the reader came back from", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    await postForm("return", await sealGatewayReply(result(no), merchant));
    expect(await reconcilePayments({ DB: db, config }, later(1))).toMatchObject({ checked: 1, settled: 1 });
    expect(await statusOf(order.id)).toBe(5);
  });

  it("asks about an issued transfer account with backoff until the money comes", async () => {
    const order = await newOrder(7);
    const no = await attemptOf(order.id);
    await notify(await sealGatewayReply(accountIssued(no), merchant));
    gateway.trades.set(no, { amount: TOTAL, tradeStatus: 0 });
    const at = (minutes: number) => reconcilePayments({ DB: db, config }, later(minutes));
    expect(await at(3)).toMatchObject({ checked: 1 });
    expect(await at(4)).toMatchObject({ checked: 0 });
    expect(await at(6)).toMatchObject({ checked: 1 });
    expect(await at(9)).toMatchObject({ checked: 0 });
    expect(await at(11)).toMatchObject({ checked: 1 });
    paidAtGateway(no);
    expect(await at(20)).toMatchObject({ checked: 1, settled: 1 });
    expect(await statusOf(order.id)).toBe(5);
  });

  it("stops on TRA10071 and keeps the 4-hour lock", async () => {
    const order = await newOrder();
    await attemptOf(order.id);
    gateway.locked = true;
    expect(await reconcilePayments({ DB: db, config }, later(3))).toMatchObject({
      checked: 1,
      stopped: expect.stringMatching(/TRA10071/),
    });
    gateway.locked = false;
    const asked = gateway.asked;
    expect((await reconcilePayments({ DB: db, config }, later(10))).stopped).toMatch(/locked until/);
    expect(gateway.asked).toBe(asked);
    expect(await reconcilePayments({ DB: db, config }, later(3 + 4 * 60 + 1))).toMatchObject({ stopped: null });
  });

  it("ends an unpaid order after its deadline (1 → 2) and gives its stock back once; 貨到付款 never expires", async () => {
    const order = await newOrder();
    await db
      .prepare("UPDATE products SET stock = 4 WHERE id = 1")
      .run()
      .catch(() => undefined);
    const no = await attemptOf(order.id);
    const deadline = (await attemptRow(no))?.deadline_at as string;
    expect(await reconcilePayments({ DB: db, config }, new Date(Date.parse(deadline) + 60_000))).toMatchObject({
      expired: 0,
    });
    expect(await statusOf(order.id)).toBe(1);
    const report = await reconcilePayments({ DB: db, config }, new Date(Date.parse(deadline) + 11 * 60_000));
    expect(report).toMatchObject({ expired: 1 });
    expect(await statusOf(order.id)).toBe(2);
    expect(await attemptRow(no)).toMatchObject({ state: "expired" });

    const cod = await newOrder(6);
    expect(await reconcilePayments({ DB: db, config }, later(48 * 60))).toMatchObject({ expired: 0 });
    expect(await statusOf(cod.id)).toBe(1);
  });

  it("does not end an order whose payment the gateway confirms at the last question, nor one it cannot ask about", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const deadline = Date.parse((await attemptRow(no))?.deadline_at as string);
    gateway.down = true;
    expect(await reconcilePayments({ DB: db, config }, new Date(deadline + 11 * 60_000))).toMatchObject({ expired: 0 });
    expect(await statusOf(order.id)).toBe(1);
    gateway.down = false;
    paidAtGateway(no);
    expect(await reconcilePayments({ DB: db, config }, new Date(deadline + 12 * 60_000))).toMatchObject({
      expired: 0,
      settled: 1,
    });
    expect(await statusOf(order.id)).toBe(5);
  });
});

describe("NewebPay's return and customer calls", () => {
  it("send a verified reader back to the order, and a forged one to the unverified page", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const form = await sealGatewayReply(result(no), merchant);
    const back = await postForm("return", form);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/order-complete?order_no=${order.orderNo}`);
    // The return alone changes nothing: the notify is the source of truth.
    expect(await statusOf(order.id)).toBe(1);
    for (const forged of [{ ...form, TradeSha: "F".repeat(64) }, {}, { ...form, TradeInfo: "x" }]) {
      const res = await postForm("return", forged);
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/order-complete?payment=unverified");
    }
    // Signed for the order but of another amount: back to the order, whose page shows what the notify recorded.
    const wrong = await postForm("return", await sealGatewayReply(result(no, {}, TOTAL - 1), merchant));
    expect(wrong.headers.get("Location")).toBe(`/order-complete?order_no=${order.orderNo}`);
    expect(await statusOf(order.id)).toBe(1);
    expect(await refundOf(order.id)).toBeNull();
  });

  it("keeps the 專戶匯款 account the gateway issued", async () => {
    const order = await newOrder(7);
    const no = await attemptOf(order.id);
    const issued = result(no, { Message: "取號成功" });
    Object.assign(issued.Result, {
      PaymentType: "VACC",
      BankCode: "012",
      CodeNo: "9912345678901234",
      ExpireDate: "2026-11-30",
    });
    const res = await postForm("customer", await sealGatewayReply(issued, merchant));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/order-complete?order_no=${order.orderNo}`);
    expect(await db.prepare("SELECT bank_code, account_no, expire_date, state FROM payment_attempts").first()).toEqual({
      bank_code: "012",
      account_no: "9912345678901234",
      expire_date: "2026-11-30",
      state: "account_issued",
    });
    expect(await statusOf(order.id)).toBe(1);
    const forged = await postForm("customer", {
      ...(await sealGatewayReply(issued, merchant)),
      TradeSha: "0".repeat(64),
    });
    expect(forged.headers.get("Location")).toBe("/order-complete?payment=unverified");
  });
});

describe("the payment's mails, each written with what the gateway proved, once", () => {
  /** The outbox rows about the order, oldest first. */
  const mailsOf = async (orderNo: string) =>
    (
      await db
        .prepare(
          "SELECT recipient, subject, body, html, status FROM mail_outbox WHERE instr(subject, ?1) > 0 ORDER BY id",
        )
        .bind(orderNo)
        .all<{ recipient: string; subject: string; body: string; html: string; status: string }>()
    ).results;

  it("付款完成 when a payment is proven, not for a repeat of the notify, nor for a claim the gateway denies", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const denied = await newOrder();
    await notify(await sealGatewayReply(result(await attemptOf(denied.id)), merchant));
    expect(await mailsOf(denied.orderNo)).toEqual([]);

    paidAtGateway(no);
    const reply = await sealGatewayReply(result(no), merchant);
    await notify(reply);
    await notify(reply);
    const mails = await mailsOf(order.orderNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: "reader@example.com",
      subject: `覺林書房 付款完成通知（訂單編號 ${order.orderNo}）`,
      // No queue in these tests: the row waits for the cron.
      status: "written",
    });
    expect(mails[0]?.body).toContain("付款金額：NT$1,134");
    expect(mails[0]?.body).toContain("付款時間：2026/11/23（一）19:05");
    expect(mails[0]?.html).toContain(`https://books.example.tw/member/orders?no=${order.orderNo}`);
  });

  it("付款失敗 with a 重新付款 link when the gateway says it failed, once", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const failure = await sealGatewayReply(result(no, { Status: "MPG03009", Message: "交易失敗" }), merchant);
    await notify(failure);
    await notify(failure);
    const mails = await mailsOf(order.orderNo);
    expect(mails.map((mail) => mail.subject)).toEqual([`覺林書房 付款失敗通知（訂單編號 ${order.orderNo}）`]);
    expect(mails[0]?.body).toContain("付款結果：交易失敗");
    expect(mails[0]?.body).toContain(`https://books.example.tw/order-complete?order_no=${order.orderNo}`);
  });

  it("付款失敗 again for each 重新付款 that fails too; after the last allowed attempt, without the link", async () => {
    const order = await newOrder();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const no = await attemptOf(order.id);
      await notify(await sealGatewayReply(result(no, { Status: "MPG03009", Message: `失敗 ${attempt}` }), merchant));
    }
    const mails = await mailsOf(order.orderNo);
    expect(mails.map((mail) => /付款結果：(.*)/.exec(mail.body)?.[1])).toEqual([
      "失敗 1",
      "失敗 2",
      "失敗 3",
      "失敗 4",
      "失敗 5",
    ]);
    expect(mails.slice(0, 4).every((mail) => mail.body.includes("重新付款："))).toBe(true);
    expect(mails[4]?.body).not.toContain("重新付款：");
    expect(mails[4]?.body).toContain("這張訂單目前無法重新付款");
  });

  it("款項退還 for money proven after the order ended, and for a second payment of a paid order, once each", async () => {
    const ended = await newOrder();
    const late = await attemptOf(ended.id);
    await db.prepare("UPDATE orders SET status = 2 WHERE id = ?1").bind(ended.id).run();
    paidAtGateway(late);
    const reply = await sealGatewayReply(result(late), merchant);
    await notify(reply);
    await notify(reply);
    const toRefund = await mailsOf(ended.orderNo);
    expect(toRefund.map((mail) => mail.subject)).toEqual([`覺林書房 款項退還通知（訂單編號 ${ended.orderNo}）`]);
    expect(toRefund[0]?.body).toContain("目前為「交易中斷」");
    expect(toRefund[0]?.body).toContain("退還金額：NT$1,134");

    const twice = await newOrder();
    const first = await attemptOf(twice.id);
    await endAttempts(twice.id);
    const second = await attemptOf(twice.id);
    paidAtGateway(first);
    paidAtGateway(second);
    await notify(await sealGatewayReply(result(second), merchant));
    await notify(await sealGatewayReply(result(first), merchant));
    expect((await mailsOf(twice.orderNo)).map((mail) => mail.subject.split(" ")[1]?.replace(/（.*/, ""))).toEqual([
      "付款完成通知",
      "款項退還通知",
    ]);
  });

  it("款項退還 with the amount taken for a payment of the wrong amount, then 付款失敗 with 重新付款, once each", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no, TOTAL + 66);
    const reply = await sealGatewayReply(result(no, {}, TOTAL + 66), merchant);
    await notify(reply);
    await notify(reply);
    const mails = await mailsOf(order.orderNo);
    expect(mails.map((mail) => mail.subject.split(" ")[1]?.replace(/（.*/, ""))).toEqual([
      "款項退還通知",
      "付款失敗通知",
    ]);
    expect(mails[0]?.body).toContain("付款 NT$1,200，但與訂單金額 NT$1,134 不符");
    expect(mails[0]?.body).toContain("退還金額：NT$1,200");
    expect(mails[1]?.body).toContain("付款結果：付款金額與訂單金額不符");
    expect(mails[1]?.body).toContain(`https://books.example.tw/order-complete?order_no=${order.orderNo}`);
  });

  it("付款失敗 with 重新付款 too when a 重新付款 brings a payment of the wrong amount, once", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    await notify(await sealGatewayReply(result(first, { Status: "MPG03009", Message: "交易失敗" }), merchant));
    expect(await statusOf(order.id)).toBe(3);
    const retry = await attemptOf(order.id);
    paidAtGateway(retry, TOTAL - 34);
    const reply = await sealGatewayReply(result(retry, {}, TOTAL - 34), merchant);
    expect((await notify(reply)).body.code).toBe(1);
    expect((await notify(reply)).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(3);
    const mails = await mailsOf(order.orderNo);
    expect(mails.map((mail) => mail.subject.split(" ")[1]?.replace(/（.*/, ""))).toEqual([
      "付款失敗通知",
      "款項退還通知",
      "付款失敗通知",
    ]);
    expect(mails[1]?.body).toContain("退還金額：NT$1,100");
    expect(mails[2]?.body).toContain("付款結果：付款金額與訂單金額不符");
    expect(mails[2]?.body).toContain(`https://books.example.tw/order-complete?order_no=${order.orderNo}`);
    // And it may be paid again at its total.
    const third = await attemptOf(order.id);
    expect(third).not.toBe(retry);
  });

  it("專戶匯款 with the account, amount and deadline, once for NotifyURL and CustomerURL alike", async () => {
    const order = await newOrder(7);
    const no = await attemptOf(order.id);
    const issued = await sealGatewayReply(accountIssued(no), merchant);
    await notify(issued);
    await postForm("customer", issued);
    const mails = await mailsOf(order.orderNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("轉帳");
    for (const fact of ["012", "9912345678901234", "NT$1,134", "2026/11/30"]) expect(mails[0]?.body).toContain(fact);
  });

  it("交易中斷 when the reconciler ends an unpaid order past its deadline", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const deadline = Date.parse((await attemptRow(no))?.deadline_at as string);
    await reconcilePayments({ DB: db, config }, new Date(deadline + 11 * 60_000));
    const mails = await mailsOf(order.orderNo);
    expect(mails.map((mail) => mail.subject)).toEqual([`覺林書房 訂單交易中斷通知（訂單編號 ${order.orderNo}）`]);
  });

  it("hands the reconciler's mail to the queue at the end of its run", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: Iterable<{ body: unknown }>) => void sent.push(...messages) };
    await reconcilePayments(
      { DB: db, config, MAIL_QUEUE: queue as unknown as Queue<{ outboxId: number }> },
      new Date(Date.now() + 3 * 60_000),
    );
    expect(await statusOf(order.id)).toBe(5);
    expect(sent).toHaveLength(1);
    expect((await mailsOf(order.orderNo)).map((mail) => mail.status)).toEqual(["queued"]);
  });

  it("none without SITE_URL (a mail's links need it): the payment settles all the same, and one line says so", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    const withoutSite = parseConfig({ ...CONFIG_VARIABLES, SITE_URL: "" });
    const res = await callApi(
      db,
      "/payment/newebpay/notify",
      { method: "POST", body: new URLSearchParams(await sealGatewayReply(result(no), merchant)) },
      withoutSite,
    );
    expect(res.status).toBe(200);
    expect(await statusOf(order.id)).toBe(5);
    expect(await mailsOf(order.orderNo)).toEqual([]);
    expect(lastLog()).toMatchObject({
      where: "mail",
      event: "not written: SITE_URL is empty",
      kind: "payment-received",
    });
  });
});

describe("the invoice of a paid order, written with the payment", () => {
  const invoicesOf = async (orderId: number) =>
    (
      await db
        .prepare(
          "SELECT merchant_order_no, kind, request, total_amt, status, void_reason FROM invoices WHERE order_id = ?1",
        )
        .bind(orderId)
        .all<{ merchant_order_no: string; kind: string; request: string; total_amt: number; status: string }>()
    ).results;

  /** An order with a mobile barcode carrier and one line that makes its total. */
  async function invoicedOrder() {
    const order = await newOrder();
    await db.batch([
      db.prepare("INSERT OR IGNORE INTO product_types (id, name) VALUES (1, '佛學')"),
      db.prepare(
        `INSERT OR IGNORE INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, stock,
                                         cover_url, cover_width, cover_height, created_at)
         VALUES (1, '心經講記', 1, 1, 1, 1134, 1134, 50, '/c.jpg', 300, 450, '')`,
      ),
      db
        .prepare("UPDATE orders SET details = ?2 WHERE id = ?1")
        .bind(
          order.id,
          JSON.stringify({ invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+1234" }),
        ),
      db
        .prepare(
          "INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) VALUES (?1, 1, '心經講記', ?2, 1)",
        )
        .bind(order.id, TOTAL),
    ]);
    return order;
  }

  it("is written once as the payment is proven, as ezPay will be asked for it, and waits to be issued", async () => {
    const order = await invoicedOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    const reply = await sealGatewayReply(result(no), merchant);
    await notify(reply);
    await notify(reply);
    const invoices = await invoicesOf(order.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: "mobile-barcode", total_amt: TOTAL, status: "pending" });
    expect(invoices[0]?.merchant_order_no).toMatch(/^BK20261123_0+\d+$/);
    expect(JSON.parse(invoices[0]?.request ?? "{}")).toMatchObject({
      Category: "B2C",
      CarrierType: "0",
      CarrierNum: "/AB+1234",
      TotalAmt: TOTAL,
      Amt: 1080,
      TaxAmt: 54,
      ItemName: "心經講記",
    });
  });

  it("is voided when the paid order is cancelled, or not issued at all if it had not been yet", async () => {
    const cancel = async (orderNo: string) => {
      const { token } = await createSession(db, 1);
      const res = await callApi(
        db,
        `/member/orders/${orderNo}/cancel`,
        { method: "POST", headers: { Authorization: `Bearer ${token}` } },
        config,
      );
      return ((await res.json()) as { code: number }).code;
    };
    const paidOrder = async () => {
      const order = await invoicedOrder();
      const no = await attemptOf(order.id);
      paidAtGateway(no);
      await notify(await sealGatewayReply(result(no), merchant));
      return order;
    };
    const notYet = await paidOrder();
    expect(await cancel(notYet.orderNo)).toBe(1);
    expect(await invoicesOf(notYet.id)).toMatchObject([{ status: "unneeded", void_reason: "訂單取消" }]);

    const issued = await paidOrder();
    await db.prepare("UPDATE invoices SET status = 'issued' WHERE order_id = ?1").bind(issued.id).run();
    expect(await cancel(issued.orderNo)).toBe(1);
    expect(await invoicesOf(issued.id)).toMatchObject([{ status: "voiding", void_reason: "訂單取消" }]);
  });

  it("shows on the member's order detail, and masked on the guest's order search", async () => {
    const order = await invoicedOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    await notify(await sealGatewayReply(result(no), merchant));
    const { token } = await createSession(db, 1);
    const detail = async () =>
      (
        (await (
          await callApi(
            db,
            `/member/orders/${order.orderNo}`,
            { headers: { Authorization: `Bearer ${token}` } },
            config,
          )
        ).json()) as { data: { invoice: unknown } }
      ).data.invoice;
    expect(await detail()).toEqual({ state: "pending", kind: "mobile-barcode", number: null, issued_at: null });
    await db
      .prepare(
        "UPDATE invoices SET status = 'issued', invoice_number = 'AB12345678', issued_at = ?2 WHERE order_id = ?1",
      )
      .bind(order.id, "2026-11-23T11:06:00.000Z")
      .run();
    expect(await detail()).toEqual({
      state: "issued",
      kind: "mobile-barcode",
      number: "AB12345678",
      issued_at: "2026-11-23T19:06:00+08:00",
    });
    const searched = await callApi(
      db,
      "/order-search",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ order_no: order.orderNo, email: "reader@example.com" }),
      },
      config,
    );
    expect(((await searched.json()) as { data: { invoice: { number: string } } }).data.invoice.number).toBe(
      "AB＊＊＊＊＊＊78",
    );
  });

  it("is not written for a payment the gateway denies", async () => {
    const order = await invoicedOrder();
    await notify(await sealGatewayReply(result(await attemptOf(order.id)), merchant));
    expect(await invoicesOf(order.id)).toEqual([]);
  });

  it("never stops a payment: an order whose invoice cannot be made is paid, without one, and one line says so", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    paidAtGateway(no);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await notify(await sealGatewayReply(result(no), merchant));
    expect(await statusOf(order.id)).toBe(5);
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ where: "einvoice", event: "no invoice written", order_id: order.id }),
    );
    errors.mockRestore();
  });
});
