// One try at issuing, against the stand-in ezPay in-process on a real local D1: every kind issued and stored, a lost
// reply issued once, a wrong CheckCode stored nowhere, the stand-in down, ezPay's refusals, and the order's end met
// halfway.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import type { Fetch } from "./ezpay-client";
import { claimForIssue } from "./invoice-rows";
import { issueInvoice } from "./issue-invoice";
import { INVOICE_KINDS } from "./issue-request";
import {
  CHOICES,
  invoiceRow,
  orderEnds,
  paidOrderWithInvoice,
  STORE_CONFIG,
  standIn,
  UNCONFIGURED,
} from "./stand-in.harness";

const d1 = testD1();
const stand = standIn(() => d1.db);
const env = () => ({ DB: d1.db });

/** What the buyer gave, none of which may reach a log line. */
const PERSONAL = ["林靜宜", "reader@example.com", "/AB+1234", "AB12345678901234", "04595257", "覺林文化"];

let logged: MockInstance[] = [];
const lines = () =>
  logged.flatMap((spy) => spy.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>));

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  logged = (["info", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
});

afterEach(() => {
  const text = JSON.stringify(lines());
  for (const data of PERSONAL) expect(text).not.toContain(data);
  vi.restoreAllMocks();
});

/** A fetch that answers every call with this envelope, never reaching the stand-in. */
const answering =
  (reply: unknown): Fetch =>
  async () =>
    Response.json(reply);

const ordersRow = (orderId: number) => d1.db.prepare("SELECT * FROM orders WHERE id = ?1").bind(orderId).first();

describe("an issue end to end", () => {
  it.each(INVOICE_KINDS)("issues a %s invoice and stores its number", async (kind) => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db, CHOICES[kind]);
    const now = new Date("2026-11-23T11:05:35Z");
    const outcome = await issueInvoice(env(), STORE_CONFIG, invoiceId, now, stand.send);
    expect(outcome).toEqual({ kind: "done", mail: [expect.any(Number)] });
    const [atStandIn, ...more] = await stand.issued(merchantOrderNo);
    expect(more).toEqual([]);
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({
      status: "issued",
      invoice_number: atStandIn?.invoice_number,
      random_num: atStandIn?.random_num,
      invoice_trans_no: atStandIn?.invoice_trans_no,
      attempts: 1,
      claimed_at: null,
      failure_code: null,
    });
    expect(row.invoice_number).toMatch(/^EZ\d{8}$/);
    expect(row.issued_at).toBe(new Date(`${String(atStandIn?.create_time).replace(" ", "T")}+08:00`).toISOString());
    const expected = {
      donation: { category: "B2C", love_code: "5617", carrier_type: "", print_flag: "N" },
      "member-carrier": { category: "B2C", carrier_type: "2", carrier_num: "BKMEMBER00000007", print_flag: "N" },
      "mobile-barcode": { category: "B2C", carrier_type: "0", carrier_num: "/AB+1234", print_flag: "N" },
      certificate: { category: "B2C", carrier_type: "1", carrier_num: "AB12345678901234", print_flag: "N" },
      company: { category: "B2B", buyer_ubn: "04595257", buyer_name: "覺林文化有限公司", print_flag: "Y" },
    }[kind];
    expect(atStandIn).toMatchObject({ ...expected, total_amt: 870 });
    // 電子發票開立通知, written with the number: the outcome's outbox id.
    const mail = await d1.db
      .prepare("SELECT recipient, subject, body FROM mail_outbox WHERE id = ?1")
      .bind(outcome.kind === "done" ? outcome.mail?.[0] : 0)
      .first<{ recipient: string; subject: string; body: string }>();
    expect(mail?.subject).toMatch(/電子發票開立通知/);
    expect(mail?.body).toContain(`發票號碼：${row.invoice_number}`);
    expect(lines()).toEqual([
      expect.objectContaining({ level: "info", event: "issued", invoice_id: invoiceId, status: "issued" }),
    ]);
  });
});

describe("a lost reply", () => {
  it("is retried, and the retry finds the invoice issued (LIB10003, then invoice_search): one invoice", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    const first = await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send);
    expect(first).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      invoice_number: null,
      claimed_at: null,
      attempts: 1,
    });
    const [issued, ...more] = await stand.issued(merchantOrderNo);
    expect(more).toEqual([]);

    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issued",
      invoice_number: issued?.invoice_number,
      random_num: issued?.random_num,
      attempts: 2,
    });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("is retried when the search after LIB10003 fails, storing nothing", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send);
    const searchDown: Fetch = (request) =>
      request.url.endsWith("/invoice_search")
        ? Promise.resolve(Response.json({ Status: "INV20006", Message: "查無發票資料", Result: "" }))
        : stand.send(request);
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), searchDown)).toMatchObject({
      kind: "retry",
      code: "SEARCH",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", invoice_number: null });
  });
});

describe("a wrong CheckCode", () => {
  it("stores nothing, logs one line naming the invoice and order, and is retried", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    const forged: Fetch = async (request) => {
      const reply = (await (await stand.send(request)).json()) as { Result: string };
      const result = JSON.parse(reply.Result) as Record<string, string>;
      return Response.json({ ...reply, Result: JSON.stringify({ ...result, CheckCode: "0".repeat(64) }) });
    };
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), forged)).toEqual({
      kind: "retry",
      code: "ANOMALY",
      reason: "wrong CheckCode",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      invoice_number: null,
      random_num: null,
      issued_at: null,
    });
    expect(lines()).toEqual([
      {
        level: "error",
        where: "einvoice-issue",
        request_id: null,
        event: "retry",
        invoice_id: invoiceId,
        order_id: orderId,
        attempts: 1,
        code: "ANOMALY",
        reason: "wrong CheckCode",
      },
    ]);
    // ezPay did issue it: the next try finds it by LIB10003 and a search whose CheckCode verifies.
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, invoiceId)).invoice_number).toBe(
      (await stand.issued(merchantOrderNo))[0]?.invoice_number,
    );
  });

  it("is refused when the store's keys are not those ezPay signed with", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const checkOnlyDiffers: Fetch = async (request) => {
      const reply = (await (await stand.send(request)).json()) as { Result: string };
      const result = JSON.parse(reply.Result) as Record<string, string>;
      const { issueCheckCode } = await import("./check-code");
      const otherKeys = { hashKey: "abcdefghijabcdefghijabcdefghij12", hashIv: "abcdefghij123456" };
      const signed = {
        InvoiceTransNo: result.InvoiceTransNo ?? "",
        MerchantID: result.MerchantID ?? "",
        MerchantOrderNo: result.MerchantOrderNo ?? "",
        RandomNum: result.RandomNum ?? "",
        TotalAmt: result.TotalAmt ?? "",
      };
      const CheckCode = await issueCheckCode(signed, otherKeys);
      return Response.json({ ...reply, Result: JSON.stringify({ ...result, CheckCode }) });
    };
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), checkOnlyDiffers)).toMatchObject({
      kind: "retry",
      code: "ANOMALY",
    });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issuing");
  });
});

describe("ezPay unreachable or in passing trouble", () => {
  it("the stand-in down: retried, the invoice 開立中 (issuing, unclaimed) and the order untouched", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    const order = await ordersRow(orderId);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toEqual({
      kind: "retry",
      code: "UNREACHABLE",
      reason: "HTTP 503",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      failure_message: "HTTP 503",
      failure_code: null,
      attempts: 1,
    });
    expect(await ordersRow(orderId)).toEqual(order);
    expect(await stand.issued(merchantOrderNo)).toEqual([]);
    expect(lines()).toEqual([
      expect.objectContaining({ level: "warn", event: "retry", invoice_id: invoiceId, code: "UNREACHABLE" }),
    ]);
  });

  it.each(["NOR10001", "CBC10004"])("%s is retried", async (code) => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const reply = answering({ Status: code, Message: "網路連線異常", Result: "" });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), reply)).toMatchObject({
      kind: "retry",
      code,
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", failure_code: null });
  });

  it.each(["NOR10001", "CBC10004"])(
    "%s after a try that went unanswered: still 開立中, and the next try finds the invoice: one invoice",
    async (code) => {
      const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
      await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
      await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send);
      const [issued, ...more] = await stand.issued(merchantOrderNo);
      expect(more).toEqual([]);
      const reply = answering({ Status: code, Message: "網路連線異常", Result: "" });
      expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), reply)).toMatchObject({
        kind: "retry",
        code,
      });
      // The first request may have issued it (it did): 開立中, never 待開立.
      expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
        status: "issuing",
        claimed_at: null,
        invoice_number: null,
        attempts: 2,
      });
      expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({
        kind: "done",
      });
      expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue", "/Api/invoice_search"]);
      expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
        status: "issued",
        invoice_number: issued?.invoice_number,
        attempts: 3,
      });
      expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
    },
  );

  it("NOR10001 after a consumer died holding the claim (it may have asked): 開立中", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, Date.now());
    const later = new Date(Date.now() + 10 * 60_000);
    const reply = answering({ Status: "NOR10001", Message: "網路連線異常", Result: "" });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, later, reply)).toMatchObject({ kind: "retry" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", claimed_at: null, attempts: 2 });
  });
});

describe("a permanent refusal", () => {
  it("marks the invoice failed with ezPay's code, the order still paid", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db, CHOICES.donation, (params) => ({
      ...params,
      ItemAmt: String(params.ItemAmt).replace(/^\d+/, (first) => String(Number(first) + 1)),
    }));
    const order = await ordersRow(orderId);
    const outcome = await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send);
    expect(outcome).toMatchObject({ kind: "failed", code: "INV10004" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "failed",
      failure_code: "INV10004",
      failure_message: expect.stringMatching(/^商品資訊的商品小計計算錯誤/),
      invoice_number: null,
    });
    expect(await ordersRow(orderId)).toEqual(order);
    expect(await stand.issued(merchantOrderNo)).toEqual([]);
    expect(lines()).toEqual([
      expect.objectContaining({ level: "error", event: "failed", invoice_id: invoiceId, code: "INV10004" }),
    ]);
  });

  it.each(["INV10012", "KEY10002", "INV90006"])("%s fails it", async (code) => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const reply = answering({ Status: code, Message: "拒絕", Result: "" });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), reply)).toEqual({
      kind: "failed",
      code,
      message: "拒絕",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: code });
  });
});

describe("what is not asked", () => {
  it("without ezPay's credentials: the invoice waits as it is, untried", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await issueInvoice(env(), UNCONFIGURED, invoiceId, new Date(), stand.send)).toEqual({
      kind: "retry",
      code: "NOT_CONFIGURED",
      reason: "ezPay is not configured",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", attempts: 0, claimed_at: null });
    expect(stand.calls).toEqual([]);
  });

  it("an invoice issued already, or being issued by another consumer, or none: done, nothing asked", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, Date.now());
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(await issueInvoice(env(), STORE_CONFIG, 999_999, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(await issueInvoice(env(), UNCONFIGURED, 999_999, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual([]);
    // The claim went stale: its consumer died, and this one issues it.
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, later, stand.send)).toMatchObject({ kind: "done" });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, later, stand.send)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual(["/Api/invoice_issue"]);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued", attempts: 2 });
  });
});

describe("the order ends while its invoice is being issued", () => {
  it("the invoice is issued, then voiding (void_wanted_at kept)", async () => {
    const { invoiceId, orderId } = await paidOrderWithInvoice(d1.db);
    const cancelling: Fetch = async (request) => {
      await orderEnds(d1.db, orderId);
      return stand.send(request);
    };
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), cancelling)).toMatchObject({ kind: "done" });
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({ status: "voiding", void_reason: "訂單取消" });
    expect(row.invoice_number).toMatch(/^EZ\d{8}$/);
    expect(row.void_wanted_at).not.toBeNull();
  });
});

describe("the order ended after a try went unanswered", () => {
  it("a refused look-up is asked again, never taken as 'none issued'", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send);
    await stand.setSwitches({ down: "off", down_order_no: "" });
    await orderEnds(d1.db, orderId);
    const refusing = answering({ Status: "KEY10002", Message: "資料解密錯誤", Result: "" });
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), refusing)).toMatchObject({
      kind: "retry",
      code: "KEY10002",
    });
    // Asked before without an answer, it may exist at ezPay: 開立中, not 待開立.
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", failure_code: null });
  });

  it("after a retry answered NOR10001, it is looked up all the same: found, it is voided next; none, not needed", async () => {
    const found = await paidOrderWithInvoice(d1.db);
    const none = await paidOrderWithInvoice(d1.db);
    const busy = answering({ Status: "NOR10001", Message: "網路連線異常", Result: "" });
    // The first reply of `found` is lost after ezPay issued it; `none` never reached ezPay.
    await stand.setSwitches({ lost_replies: 1, lost_order_no: found.merchantOrderNo });
    await issueInvoice(env(), STORE_CONFIG, found.invoiceId, new Date(), stand.send);
    await issueInvoice(env(), STORE_CONFIG, none.invoiceId, new Date(), answering({}));
    for (const made of [found, none]) {
      await issueInvoice(env(), STORE_CONFIG, made.invoiceId, new Date(), busy);
      await orderEnds(d1.db, made.orderId);
      expect(await invoiceRow(d1.db, made.invoiceId)).toMatchObject({ status: "issuing", void_reason: "訂單取消" });
    }
    stand.calls.length = 0;
    expect(await issueInvoice(env(), STORE_CONFIG, found.invoiceId, new Date(), stand.send)).toMatchObject({
      kind: "done",
    });
    expect(await invoiceRow(d1.db, found.invoiceId)).toMatchObject({
      status: "voiding",
      invoice_number: (await stand.issued(found.merchantOrderNo))[0]?.invoice_number,
    });
    expect(await issueInvoice(env(), STORE_CONFIG, none.invoiceId, new Date(), stand.send)).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, none.invoiceId)).toMatchObject({ status: "unneeded", failure_code: "INV20006" });
    // Looked up only: no invoice_issue was asked of an order that ended.
    expect(stand.calls).toEqual(["/Api/invoice_search", "/Api/invoice_search"]);
    expect(await stand.issued(none.merchantOrderNo)).toEqual([]);
  });
});

describe("the store's own trouble", () => {
  it("a stored request that does not parse: retried, the claim released, no throw", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await d1.db.prepare("UPDATE invoices SET request = '{cut' WHERE id = ?1").bind(invoiceId).run();
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({
      kind: "retry",
      code: "ERROR",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", claimed_at: null });
  });

  it("D1 failing after ezPay issued it: retried as 開立中 (it exists there), and the retry finds it: one invoice", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    // The store's D1 refuses to record the number ezPay gave (a real SQLite error, not a mock).
    await d1.db
      .prepare(
        `CREATE TRIGGER refuse_number BEFORE UPDATE OF invoice_number ON invoices
         BEGIN SELECT RAISE(ABORT, 'D1 unavailable'); END`,
      )
      .run();
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({
      kind: "retry",
      code: "ERROR",
    });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      invoice_number: null,
      claimed_at: null,
    });
    await d1.db.prepare("DROP TRIGGER refuse_number").run();
    expect(await issueInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });
});
