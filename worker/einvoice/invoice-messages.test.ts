// One invoice-queue message, against the stand-in ezPay in-process on a real local D1: dispatched by the row's state,
// an ended order's invoice issued and voided in one message, and the last try's retry given up.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import type { Fetch } from "./ezpay-client";
import { giveUpInvoice, processInvoiceMessage } from "./invoice-messages";
import { claimForIssue } from "./invoice-rows";
import { invoiceRow, orderEnds, paidOrderWithInvoice, STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";

const d1 = testD1();
const stand = standIn(() => d1.db);
const env = () => ({ DB: d1.db });
const processMessage = (id: number, options: { lastTry?: boolean; send?: Fetch } = {}) =>
  processInvoiceMessage(env(), STORE_CONFIG, id, new Date(), { send: stand.send, ...options });

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("processInvoiceMessage", () => {
  it("issues a pending invoice; a repeat of the message asks nothing", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issued");
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual(["/Api/invoice_issue"]);
  });

  it("voids a voiding invoice", async () => {
    const { invoiceId, orderId } = await paidOrderWithInvoice(d1.db);
    await processMessage(invoiceId);
    await orderEnds(d1.db, orderId);
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("voided");
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_invalid"]);
  });

  it("an order that ended while its invoice was being issued: issued, then voided, in one message", async () => {
    const { invoiceId, orderId } = await paidOrderWithInvoice(d1.db);
    const cancelling: Fetch = async (request) => {
      if (request.url.endsWith("/invoice_issue")) await orderEnds(d1.db, orderId);
      return stand.send(request);
    };
    expect(await processMessage(invoiceId, { send: cancelling })).toMatchObject({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voided", void_reason: "訂單取消" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_invalid"]);
  });

  it("an order that ended after a lost reply: its invoice is looked up, not issued anew, and voided", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    await orderEnds(d1.db, orderId);
    // Asked once without an answer, it may exist at ezPay: it waits with the wish to void, not as 不需開立.
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", void_reason: "訂單取消" });
    expect(await processMessage(invoiceId)).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voided" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search", "/Api/invoice_invalid"]);
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("an order that ended after ezPay was down: the look-up finds nothing (INV20006), and it is not needed", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    await stand.setSwitches({ down: "off", down_order_no: "" });
    await orderEnds(d1.db, orderId);
    expect(await processMessage(invoiceId)).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "unneeded", failure_code: "INV20006" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await stand.issued(merchantOrderNo)).toEqual([]);
  });

  it("an order that ended after ezPay was down, its look-up failing to the last try: failed, never 不需開立", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    await orderEnds(d1.db, orderId);
    // ezPay may hold an invoice of it (the request went unanswered): given up, it stays in sight for staff.
    expect(await processMessage(invoiceId, { lastTry: true })).toMatchObject({ kind: "failed", code: "UNREACHABLE" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "UNREACHABLE" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    // So does the dead-letter queue's give-up of a row still 開立中.
    const other = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: other.merchantOrderNo });
    await processMessage(other.invoiceId);
    await orderEnds(d1.db, other.orderId);
    expect(await giveUpInvoice(env(), STORE_CONFIG, other.invoiceId)).toMatchObject({ kind: "failed" });
    expect((await invoiceRow(d1.db, other.invoiceId)).status).toBe("failed");
  });

  it("is done, asking nothing, for an invoice not needed, failed, or that does not exist", async () => {
    const ended = await paidOrderWithInvoice(d1.db);
    await orderEnds(d1.db, ended.orderId);
    expect((await invoiceRow(d1.db, ended.invoiceId)).status).toBe("unneeded");
    expect(await processMessage(ended.invoiceId)).toMatchObject({ kind: "done" });
    expect(await processMessage(999_999)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual([]);
  });

  it("retries while tries remain; on the last, gives the invoice up as failed with the last code", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issuing");
    expect(await processMessage(invoiceId, { lastTry: true })).toEqual({
      kind: "failed",
      code: "UNREACHABLE",
      message: "HTTP 503",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "failed",
      failure_code: "UNREACHABLE",
      failure_message: "HTTP 503",
      attempts: 2,
    });
  });

  it("gives a void up as void-failed on the last try", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await processMessage(invoiceId);
    await orderEnds(d1.db, orderId);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId, { lastTry: true })).toMatchObject({ kind: "failed", code: "UNREACHABLE" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "void-failed", failure_code: "UNREACHABLE" });
  });

  it("never gives up an invoice waiting for ezPay's credentials: it stays pending (待開立)", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const outcome = await processInvoiceMessage(env(), UNCONFIGURED, invoiceId, new Date(), { lastTry: true });
    expect(outcome).toMatchObject({ kind: "retry", code: "NOT_CONFIGURED" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("giveUpInvoice (the dead-letter queue): the reason the row kept, RETRIES_SPENT; nothing for a settled row", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    expect(await giveUpInvoice(env(), UNCONFIGURED, invoiceId)).toMatchObject({
      kind: "retry",
      code: "NOT_CONFIGURED",
    });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issuing");
    expect(await giveUpInvoice(env(), STORE_CONFIG, invoiceId)).toEqual({
      kind: "failed",
      code: "RETRIES_SPENT",
      message: "HTTP 503",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "RETRIES_SPENT" });
    expect(await giveUpInvoice(env(), STORE_CONFIG, invoiceId)).toMatchObject({ kind: "done" });
    const issued = await paidOrderWithInvoice(d1.db);
    await processMessage(issued.invoiceId);
    expect(await giveUpInvoice(env(), STORE_CONFIG, issued.invoiceId)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, issued.invoiceId)).status).toBe("issued");
  });

  it("an invoice claimed by another consumer right now is left to it", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await claimForIssue(d1.db, invoiceId, Date.now());
    expect(await processMessage(invoiceId, { lastTry: true })).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issuing");
    expect(stand.calls).toEqual([]);
  });

  it("never throws: the database failing is a retry", async () => {
    const broken = {
      prepare: () => {
        throw new Error("D1_ERROR: network connection lost");
      },
      batch: () => Promise.reject(new Error("D1_ERROR")),
    } as unknown as D1Database;
    expect(await processInvoiceMessage({ DB: broken }, STORE_CONFIG, 1, new Date())).toMatchObject({
      kind: "retry",
      code: "ERROR",
    });
  });
});
