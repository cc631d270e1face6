// The consumer's statements on `invoices`, on a real local D1: each step moves a row once, from the states it may.
import { beforeEach, describe, expect, it } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import {
  claimForIssue,
  claimForVoid,
  INVOICE_STALE_CLAIM_MS,
  invoiceStatus,
  markInvoicesQueued,
  recordIssued,
  recordIssueFailed,
  recordIssueRetry,
  recordVoided,
  recordVoidFailed,
  recordVoidRetry,
} from "./invoice-rows";
import { invoiceRow, orderEnds, paidOrderWithInvoice } from "./stand-in.harness";

const d1 = testD1();
const T = Date.parse("2026-11-23T11:00:00Z");
const ISSUED = {
  invoiceNumber: "EZ00000001",
  randomNum: "0420",
  invoiceTransNo: "26112319053500001",
  issuedAt: "2026-11-23T11:05:35.000Z",
};

beforeEach(async () => {
  await d1.fresh();
});

describe("claimForIssue", () => {
  it("claims a pending row once, counting the try, and gives what the call needs", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    const claimed = await claimForIssue(d1.db, invoiceId, T);
    expect(claimed).toMatchObject({ id: invoiceId, order_id: orderId, merchant_order_no: merchantOrderNo });
    expect(claimed).toMatchObject({ total_amt: 870, attempts: 1 });
    expect(JSON.parse(claimed?.request ?? "{}")).toMatchObject({ MerchantOrderNo: merchantOrderNo, TotalAmt: 870 });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", claimed_at: T });
    // A second message while the first is being handled claims nothing.
    expect(await claimForIssue(d1.db, invoiceId, T + 1000)).toBeNull();
  });

  it("claims again once the claim went stale (its consumer died)", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    expect(await claimForIssue(d1.db, invoiceId, T + INVOICE_STALE_CLAIM_MS - 1)).toBeNull();
    expect(await claimForIssue(d1.db, invoiceId, T + INVOICE_STALE_CLAIM_MS)).toMatchObject({ attempts: 2 });
  });

  it("claims nothing issued, failed, voiding or not needed, nor a row that does not exist", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    for (const status of ["issued", "failed", "voiding", "voided", "void-failed", "unneeded"]) {
      await d1.db.prepare("UPDATE invoices SET status = ?2 WHERE id = ?1").bind(invoiceId, status).run();
      expect(await claimForIssue(d1.db, invoiceId, T), status).toBeNull();
    }
    expect(await claimForIssue(d1.db, 999_999, T)).toBeNull();
  });
});

describe("recordIssued", () => {
  it("keeps the number and clears the claim and the last failure", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssueRetry(d1.db, invoiceId, "HTTP 503");
    await claimForIssue(d1.db, invoiceId, T + 1);
    expect((await recordIssued(d1.db, invoiceId, ISSUED)).status).toBe("issued");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issued",
      invoice_number: "EZ00000001",
      random_num: "0420",
      invoice_trans_no: "26112319053500001",
      issued_at: "2026-11-23T11:05:35.000Z",
      claimed_at: null,
      failure_message: null,
      attempts: 2,
    });
  });

  it("makes it voiding when its order ended while it was being issued", async () => {
    const { invoiceId, orderId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await orderEnds(d1.db, orderId);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", void_reason: "訂單取消" });
    expect((await recordIssued(d1.db, invoiceId, ISSUED)).status).toBe("voiding");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voiding", invoice_number: "EZ00000001" });
  });

  it("records a number once: a second reply changes nothing", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssued(d1.db, invoiceId, ISSUED);
    expect((await recordIssued(d1.db, invoiceId, { ...ISSUED, invoiceNumber: "EZ00000002" })).status).toBeNull();
    expect((await invoiceRow(d1.db, invoiceId)).invoice_number).toBe("EZ00000001");
  });

  it("records an invoice ezPay issued even after the row was given up or found not needed", async () => {
    const failed = await paidOrderWithInvoice(d1.db);
    await recordIssueFailed(d1.db, failed.invoiceId, "UNREACHABLE", "timeout");
    expect((await recordIssued(d1.db, failed.invoiceId, ISSUED)).status).toBe("issued");
    const unneeded = await paidOrderWithInvoice(d1.db);
    await orderEnds(d1.db, unneeded.orderId);
    expect(await invoiceStatus(d1.db, unneeded.invoiceId)).toBe("unneeded");
    expect((await recordIssued(d1.db, unneeded.invoiceId, { ...ISSUED, invoiceNumber: "EZ00000002" })).status).toBe(
      "voiding",
    );
  });
});

describe("recordIssued's mail", () => {
  const MAIL = { to: "reader@example.com", subject: "電子發票開立通知", text: "已開立", html: "<p>已開立</p>" };
  const outbox = () =>
    d1.db
      .prepare("SELECT id, subject FROM mail_outbox ORDER BY id")
      .all()
      .then((r) => r.results);

  it("is written in the batch that makes the row 已開立, and its outbox id returned", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    const before = (await outbox()).length;
    const recorded = await recordIssued(d1.db, invoiceId, ISSUED, MAIL);
    const after = await outbox();
    expect(after).toHaveLength(before + 1);
    expect(recorded).toEqual({ status: "issued", mail: [after.at(-1)?.id] });
    // A second reply records nothing, and writes no second mail.
    expect(await recordIssued(d1.db, invoiceId, { ...ISSUED, invoiceNumber: "EZ00000002" }, MAIL)).toEqual({
      status: null,
      mail: [],
    });
    expect(await outbox()).toHaveLength(before + 1);
  });

  it("is not written for an invoice that is voided next (its order ended while it was issued)", async () => {
    const { invoiceId, orderId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await orderEnds(d1.db, orderId);
    const before = (await outbox()).length;
    expect(await recordIssued(d1.db, invoiceId, ISSUED, MAIL)).toEqual({ status: "voiding", mail: [] });
    expect(await outbox()).toHaveLength(before);
  });
});

describe("retries and failures of an issue", () => {
  it("a retry puts the claimed row back to pending with the reason", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await recordIssueRetry(d1.db, invoiceId, "not claimed");
    expect((await invoiceRow(d1.db, invoiceId)).failure_message).toBeNull();
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssueRetry(d1.db, invoiceId, "HTTP 503");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "pending",
      claimed_at: null,
      failure_message: "HTTP 503",
      attempts: 1,
      unanswered_at: null,
    });
  });

  it("a retry of a request sent without an answer leaves the row issuing (開立中), released, to be claimed again", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssueRetry(d1.db, invoiceId, "timeout", { unanswered: true });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      claimed_at: null,
      failure_message: "timeout",
      attempts: 1,
    });
    // Released: the retry claims it at once, and only one claim holds it.
    expect(await claimForIssue(d1.db, invoiceId, T + 1)).toMatchObject({ id: invoiceId, attempts: 2 });
    expect(await claimForIssue(d1.db, invoiceId, T + 2)).toBeNull();
    // A later retry that ezPay answers (NOR10001), or the store's own trouble, keeps it 開立中: the first request may
    // have issued it. The time it first went unanswered is kept.
    await recordIssueRetry(d1.db, invoiceId, "NOR10001 網路連線異常");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      claimed_at: null,
      failure_message: "NOR10001 網路連線異常",
      attempts: 2,
      unanswered_at: T,
    });
    await claimForIssue(d1.db, invoiceId, T + 3);
    await recordIssueRetry(d1.db, invoiceId, "the store's error", { unanswered: true });
    await claimForIssue(d1.db, invoiceId, T + 4);
    await recordIssueRetry(d1.db, invoiceId, "the store's error");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", attempts: 4, unanswered_at: T });
  });

  it("a row claimed again after its consumer died holding it counts as asked without an answer", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    expect((await invoiceRow(d1.db, invoiceId)).unanswered_at).toBeNull();
    await claimForIssue(d1.db, invoiceId, T + INVOICE_STALE_CLAIM_MS);
    // Since the dead consumer's claim, when it may have asked.
    expect((await invoiceRow(d1.db, invoiceId)).unanswered_at).toBe(T);
    await recordIssueRetry(d1.db, invoiceId, "NOR10001 網路連線異常");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", claimed_at: null });
  });

  it("a row kept 開立中 when its retries were spent is claimed again by the cron's message, still asked unanswered", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssueRetry(d1.db, invoiceId, "timeout", { unanswered: true });
    // The give-up (invoice-messages.ts) leaves it so and records when, for the cron's back-off.
    await markInvoicesQueued(d1.db, [invoiceId], T + 1000);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      claimed_at: null,
      queued_at: T + 1000,
      unanswered_at: T,
      failure_code: null,
    });
    expect(await claimForIssue(d1.db, invoiceId, T + 2000)).toMatchObject({ id: invoiceId, attempts: 2 });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", unanswered_at: T });
  });

  it("a failure keeps ezPay's code; unneeded only when ezPay has none of an ended order; never over an issued row", async () => {
    const first = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, first.invoiceId, T);
    expect(await recordIssueFailed(d1.db, first.invoiceId, "INV10004", "商品資訊的商品小計計算錯誤")).toEqual({
      attempts: 1,
      status: "failed",
    });
    expect(await invoiceRow(d1.db, first.invoiceId)).toMatchObject({
      status: "failed",
      failure_code: "INV10004",
      failure_message: "商品資訊的商品小計計算錯誤",
      claimed_at: null,
    });
    const ended = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, ended.invoiceId, T);
    await orderEnds(d1.db, ended.orderId);
    // Its order ended, but nothing proved that ezPay has no invoice of it: it stays in sight as failed.
    expect(await recordIssueFailed(d1.db, ended.invoiceId, "UNREACHABLE", "x")).toMatchObject({ status: "failed" });
    const none = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, none.invoiceId, T);
    await orderEnds(d1.db, none.orderId);
    expect(await recordIssueFailed(d1.db, none.invoiceId, "INV20006", "x", { noneAtEzpay: true })).toMatchObject({
      status: "unneeded",
    });
    // And ezPay's "none" means nothing for an order that did not end: failed.
    const open = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, open.invoiceId, T);
    expect(await recordIssueFailed(d1.db, open.invoiceId, "INV20006", "x", { noneAtEzpay: true })).toMatchObject({
      status: "failed",
    });
    const issued = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, issued.invoiceId, T);
    await recordIssued(d1.db, issued.invoiceId, { ...ISSUED, invoiceNumber: "EZ00000003" });
    expect(await recordIssueFailed(d1.db, issued.invoiceId, "INV10004", "x")).toBeNull();
    expect(await invoiceStatus(d1.db, issued.invoiceId)).toBe("issued");
  });
});

describe("voiding", () => {
  async function voidingInvoice() {
    const made = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, made.invoiceId, T);
    await recordIssued(d1.db, made.invoiceId, ISSUED);
    await orderEnds(d1.db, made.orderId);
    return made;
  }

  it("claims a voiding row once (again when stale) with its number and reason", async () => {
    const { invoiceId, orderId } = await voidingInvoice();
    expect(await claimForVoid(d1.db, invoiceId, T)).toEqual({
      id: invoiceId,
      order_id: orderId,
      invoice_number: "EZ00000001",
      void_reason: "訂單取消",
      attempts: 2,
    });
    expect(await claimForVoid(d1.db, invoiceId, T + 1)).toBeNull();
    expect(await claimForVoid(d1.db, invoiceId, T + INVOICE_STALE_CLAIM_MS)).toMatchObject({ attempts: 3 });
    await recordVoidRetry(d1.db, invoiceId, "HTTP 503");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "voiding",
      claimed_at: null,
      failure_message: "HTTP 503",
    });
    expect(await claimForVoid(d1.db, invoiceId, T + INVOICE_STALE_CLAIM_MS + 1)).not.toBeNull();
  });

  it("claims no row that is not voiding", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await claimForVoid(d1.db, invoiceId, T)).toBeNull();
    await claimForIssue(d1.db, invoiceId, T);
    await recordIssued(d1.db, invoiceId, ISSUED);
    expect(await claimForVoid(d1.db, invoiceId, T)).toBeNull();
  });

  it("records voided or void-failed, once, from voiding only", async () => {
    const voided = await voidingInvoice();
    expect(await recordVoided(d1.db, voided.invoiceId, "2026-11-24T01:00:00.000Z")).toBe(true);
    expect(await invoiceRow(d1.db, voided.invoiceId)).toMatchObject({
      status: "voided",
      voided_at: "2026-11-24T01:00:00.000Z",
      invoice_number: "EZ00000001",
    });
    expect(await recordVoided(d1.db, voided.invoiceId, "2026-11-25T01:00:00.000Z")).toBe(false);
    expect(await recordVoidFailed(d1.db, voided.invoiceId, "LIB10008", "x")).toBeNull();
    await d1.fresh();
    const refused = await voidingInvoice();
    expect(await recordVoidFailed(d1.db, refused.invoiceId, "LIB10008", "超過可作廢期限")).toMatchObject({
      attempts: 1,
    });
    expect(await invoiceRow(d1.db, refused.invoiceId)).toMatchObject({
      status: "void-failed",
      failure_code: "LIB10008",
      failure_message: "超過可作廢期限",
    });
  });
});

describe("markInvoicesQueued", () => {
  it("records when the rows were handed to the queue", async () => {
    const a = await paidOrderWithInvoice(d1.db);
    const b = await paidOrderWithInvoice(d1.db);
    const c = await paidOrderWithInvoice(d1.db);
    await markInvoicesQueued(d1.db, [], T);
    await markInvoicesQueued(d1.db, [a.invoiceId, c.invoiceId], T);
    expect((await invoiceRow(d1.db, a.invoiceId)).queued_at).toBe(T);
    expect((await invoiceRow(d1.db, b.invoiceId)).queued_at).toBeNull();
    expect(await invoiceRow(d1.db, c.invoiceId)).toMatchObject({ queued_at: T, status: "pending" });
  });
});
