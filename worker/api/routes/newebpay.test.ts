import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../config";
import { builtInApi } from "../index";
import { type GatewayResult, sealGatewayReply } from "../payment/gateway-reply";
import type { Merchant } from "../payment/merchant";
import { tradeShaOf } from "../payment/mpg-crypto";
import { openAttempt } from "../queries/payments";
import { sqliteD1 } from "../testing/sqlite-d1";

const merchant: Merchant = {
  merchantId: "MS_LOCAL",
  keys: { hashKey: "12345678901234567890123456789012", hashIv: "1234567890123456" },
};
const config = parseConfig({
  SITE_DESCRIPTION: "歡迎光臨",
  NEWEBPAY_MERCHANT_ID: merchant.merchantId,
  NEWEBPAY_HASH_KEY: merchant.keys.hashKey,
  NEWEBPAY_HASH_IV: merchant.keys.hashIv,
});

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

async function attemptOf(orderId: number): Promise<string> {
  const opened = await openAttempt(db, orderId, new Date());
  if (!opened) throw new Error("no attempt");
  return opened.merchant_order_no;
}

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
  builtInApi.request(`/api/frontend/payment/newebpay/${call}`, { method: "POST", body, headers }, { DB: db, config });

const postForm = (call: string, form: Record<string, string>) => post(call, new URLSearchParams(form));

async function notify(form: Record<string, string>) {
  const res = await postForm("notify", form);
  return { status: res.status, body: (await res.json()) as { code: number; message: string } };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  db = sqliteD1();
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'r@example.com', 'r', 'x', '')",
    )
    .run();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** The last refusal logged: one JSON line. */
const lastLog = () => JSON.parse(String(warn.mock.calls.at(-1)?.[0])) as { where: string; reason: string };

describe("NewebPay's notify", () => {
  it("pays the order on SUCCESS and records the gateway's word once", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    expect(await notify(await sealGatewayReply(result(no), merchant))).toEqual({
      status: 200,
      body: { code: 1, message: "成功", data: null },
    });
    expect(await statusOf(order.id)).toBe(5);
    const attempt = await db
      .prepare("SELECT gateway_status, gateway_message, trade_no, pay_time, notified_at FROM payment_attempts")
      .first<Record<string, string>>();
    expect(attempt).toMatchObject({
      gateway_status: "SUCCESS",
      gateway_message: "授權成功",
      trade_no: "23112319053512345",
      pay_time: "2026-11-23 19:05:35",
    });
    expect(attempt?.notified_at).toBeTruthy();
  });

  it("answers a repeat with code 1 and changes nothing, even when it says otherwise", async () => {
    const order = await newOrder();
    const no = await attemptOf(order.id);
    const success = await sealGatewayReply(result(no), merchant);
    await notify(success);
    expect((await notify(success)).body.code).toBe(1);
    const failure = await sealGatewayReply(result(no, { Status: "MPG03009", Message: "交易失敗" }), merchant);
    expect((await notify(failure)).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
    const row = await db.prepare("SELECT gateway_status FROM payment_attempts").first<{ gateway_status: string }>();
    expect(row?.gateway_status).toBe("SUCCESS");
  });

  it("fails an order on any other Status; a retry's SUCCESS then pays it", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    await notify(await sealGatewayReply(result(first, { Status: "MPG03009", Message: "交易失敗" }), merchant));
    expect(await statusOf(order.id)).toBe(3);
    const second = await attemptOf(order.id);
    expect(second).not.toBe(first);
    expect((await notify(await sealGatewayReply(result(second), merchant))).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
  });

  it("never lets a late failure undo a payment", async () => {
    const order = await newOrder();
    const first = await attemptOf(order.id);
    const second = await attemptOf(order.id);
    await notify(await sealGatewayReply(result(second), merchant));
    expect((await notify(await sealGatewayReply(result(first, { Status: "MPG03009" }), merchant))).body.code).toBe(1);
    expect(await statusOf(order.id)).toBe(5);
    // And a paid order takes no new attempt.
    expect(await openAttempt(db, order.id, new Date())).toBeNull();
  });

  describe("refuses with code 2, changes nothing and logs one JSON line", () => {
    let order: { id: number; orderNo: string };
    let no: string;
    beforeEach(async () => {
      order = await newOrder();
      no = await attemptOf(order.id);
    });

    const refusedWith = async (form: Record<string, string>, reason: RegExp) => {
      expect(await notify(form)).toEqual({ status: 400, body: { code: 2, message: "付款通知驗證失敗" } });
      expect(await statusOf(order.id)).toBe(1);
      const attempt = await db.prepare("SELECT notified_at FROM payment_attempts").first<{ notified_at: null }>();
      expect(attempt?.notified_at).toBeNull();
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
    expect(
      await db.prepare("SELECT bank_code, account_no, expire_date, notified_at FROM payment_attempts").first(),
    ).toEqual({ bank_code: "012", account_no: "9912345678901234", expire_date: "2026-11-30", notified_at: null });
    expect(await statusOf(order.id)).toBe(1);
    const forged = await postForm("customer", {
      ...(await sealGatewayReply(issued, merchant)),
      TradeSha: "0".repeat(64),
    });
    expect(forged.headers.get("Location")).toBe("/order-complete?payment=unverified");
  });
});
