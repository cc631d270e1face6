// One try at voiding, against the stand-in ezPay in-process on a real local D1: voided, voided twice (LIB10005),
// refused for good (void-failed), unreachable (retried).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import type { Fetch } from "./ezpay-client";
import { issueInvoice } from "./issue-invoice";
import { invoiceRow, orderEnds, paidOrderWithInvoice, STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";
import { voidInvoice } from "./void-invoice";

const d1 = testD1();
const stand = standIn(() => d1.db);
const env = () => ({ DB: d1.db });

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An invoice issued at the stand-in whose order then ended (voiding). */
async function issuedThenEnded() {
  const made = await paidOrderWithInvoice(d1.db);
  expect(await issueInvoice(env(), STORE_CONFIG, made.invoiceId, new Date(), stand.send)).toMatchObject({
    kind: "done",
  });
  await orderEnds(d1.db, made.orderId);
  expect((await invoiceRow(d1.db, made.invoiceId)).status).toBe("voiding");
  stand.calls.length = 0;
  return made;
}

describe("voidInvoice", () => {
  it("voids the invoice at ezPay with the reason, and records it voided", async () => {
    const { invoiceId, merchantOrderNo } = await issuedThenEnded();
    const now = new Date("2026-11-24T02:00:00Z");
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, now, stand.send)).toMatchObject({ kind: "done" });
    const [atStandIn] = await stand.issued(merchantOrderNo);
    expect(atStandIn).toMatchObject({ invalid_reason: "訂單取消" });
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({ status: "voided", claimed_at: null, failure_code: null });
    expect(row.voided_at).toBe(new Date(`${String(atStandIn?.invalid_time).replace(" ", "T")}+08:00`).toISOString());
    expect(stand.calls).toEqual(["/Api/invoice_invalid"]);
  });

  it("voiding twice is still voided: a repeat asks nothing; a lost reply's retry meets LIB10005", async () => {
    const { invoiceId } = await issuedThenEnded();
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual(["/Api/invoice_invalid"]);
    // As if the first void's reply had been lost: the row still voiding, ezPay voided it already.
    await d1.db.prepare("UPDATE invoices SET status = 'voiding', voided_at = NULL WHERE id = ?1").bind(invoiceId).run();
    const now = new Date("2026-11-24T03:00:00Z");
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, now, stand.send)).toMatchObject({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voided", voided_at: now.toISOString() });
    expect(stand.calls).toEqual(["/Api/invoice_invalid", "/Api/invoice_invalid"]);
  });

  it.each(["LIB10008", "INV20006", "KEY10002"])("%s: void-failed with the code", async (code) => {
    const { invoiceId } = await issuedThenEnded();
    const refusing: Fetch = async () => Response.json({ Status: code, Message: "超過可作廢期限", Result: "" });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), refusing)).toEqual({
      kind: "failed",
      code,
      message: "超過可作廢期限",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "void-failed",
      failure_code: code,
      claimed_at: null,
    });
  });

  it("the stand-in down, or NOR10001: retried, still voiding and claimable", async () => {
    const { invoiceId, merchantOrderNo } = await issuedThenEnded();
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toEqual({
      kind: "retry",
      code: "UNREACHABLE",
      reason: "HTTP 503",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voiding", claimed_at: null });
    const busy: Fetch = async () => Response.json({ Status: "NOR10001", Message: "網路連線異常", Result: "" });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), busy)).toMatchObject({
      kind: "retry",
      code: "NOR10001",
    });
    await stand.setSwitches({ down: "off" });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("voided");
  });

  it("a reply about another invoice is not believed", async () => {
    const { invoiceId } = await issuedThenEnded();
    const other: Fetch = async () =>
      Response.json({ Status: "SUCCESS", Message: "", Result: JSON.stringify({ InvoiceNumber: "ZZ99999999" }) });
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), other)).toMatchObject({
      kind: "retry",
      code: "ANOMALY",
    });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("voiding");
  });

  it("asks nothing for a row that is not voiding, nor without ezPay's credentials", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await voidInvoice(env(), STORE_CONFIG, invoiceId, new Date(), stand.send)).toMatchObject({ kind: "done" });
    const ended = await issuedThenEnded();
    expect(await voidInvoice(env(), UNCONFIGURED, ended.invoiceId, new Date(), stand.send)).toMatchObject({
      kind: "retry",
      code: "NOT_CONFIGURED",
    });
    expect(await invoiceRow(d1.db, ended.invoiceId)).toMatchObject({ status: "voiding", claimed_at: null });
    expect(stand.calls).toEqual([]);
  });
});
