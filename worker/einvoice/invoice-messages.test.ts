// One invoice-queue message, against the stand-in ezPay in-process on a real local D1: dispatched by the row's state,
// an ended order's invoice issued and voided in one message, and the last try's retry given up: failed when every
// request was answered, looked up when one may have reached ezPay unanswered (開立中), and kept 開立中 for the cron
// when ezPay cannot say.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { QUEUED_STALE_MS } from "../mail-delivery/requeue";
import type { Fetch } from "./ezpay-client";
import { giveUpInvoice, processInvoiceMessage } from "./invoice-messages";
import { claimForIssue, INVOICE_STALE_CLAIM_MS } from "./invoice-rows";
import type { InvoiceMessage } from "./queue-message";
import { requeueInvoices } from "./requeue";
import { invoiceRow, orderEnds, paidOrderWithInvoice, STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";

const d1 = testD1();
const stand = standIn(() => d1.db);
const env = () => ({ DB: d1.db });
const processMessage = (id: number, options: { lastTry?: boolean; send?: Fetch } = {}) =>
  processInvoiceMessage(env(), STORE_CONFIG, id, new Date(), { send: stand.send, ...options });
/** The last try's retry, answered by ezPay without issuing: its request is done, so a look-up may be asked at once. */
const DONE = { kind: "done" };
const ANSWERED_BUSY = { code: "NOR10001", reason: "NOR10001 網路連線異常" };
/** The give-up after a last try ezPay answered (NOR10001). */
const giveUp = (id: number, now = new Date()) =>
  giveUpInvoice(env(), STORE_CONFIG, id, { now, send: stand.send, last: ANSWERED_BUSY });
/** The dead-letter queue's give-up: the last try's outcome is not known. */
const deadLetter = (id: number, now = new Date()) => giveUpInvoice(env(), STORE_CONFIG, id, { now, send: stand.send });
/** Its consumer died holding the claim (a claim older than INVOICE_STALE_CLAIM_MS), never marked unanswered. */
const diedHoldingClaim = (id: number) => claimForIssue(d1.db, id, Date.now() - INVOICE_STALE_CLAIM_MS - 1);

/** ezPay answering invoice_issue with its passing trouble NOR10001 (recorded as a call); the rest to the stand-in. */
const busyIssue: Fetch = async (request) => {
  if (!request.url.endsWith("/invoice_issue")) return stand.send(request);
  stand.calls.push("/Api/invoice_issue");
  return Response.json({ Status: "NOR10001", Message: "網路連線異常", Result: "" });
};

type Level = "info" | "warn" | "error";
const logSpies: Partial<Record<Level, MockInstance>> = {};

/** The JSON lines logged at `level` so far. */
function logged(level: Level): Record<string, unknown>[] {
  const calls = logSpies[level]?.mock.calls ?? [];
  return calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

/** A stand-in invoice queue, keeping what is sent to it. */
function fakeQueue() {
  const sent: InvoiceMessage[] = [];
  const queue = {
    sendBatch: async (messages: Iterable<{ body: InvoiceMessage }>) => {
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue<InvoiceMessage>;
  return { sent, queue };
}

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  for (const level of ["info", "warn", "error"] as const) {
    logSpies[level] = vi.spyOn(console, level).mockImplementation(() => {});
  }
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

  it("an order that ended after ezPay was down, its look-up failing to the last try: 開立中, never 開立失敗 nor 不需開立", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    await orderEnds(d1.db, orderId);
    // ezPay may hold an invoice of it (the request went unanswered), which must be voided: it waits for ezPay's answer.
    expect(await processMessage(invoiceId, { lastTry: true })).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", void_reason: "訂單取消" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    // So does the dead-letter queue's give-up of a row still 開立中, whose look-up ezPay does not answer either.
    const other = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: other.merchantOrderNo });
    await processMessage(other.invoiceId);
    await orderEnds(d1.db, other.orderId);
    expect(await giveUp(other.invoiceId)).toEqual({ kind: "done" });
    expect((await invoiceRow(d1.db, other.invoiceId)).status).toBe("issuing");
  });

  it("is done, asking nothing, for an invoice not needed, failed, or that does not exist", async () => {
    const ended = await paidOrderWithInvoice(d1.db);
    await orderEnds(d1.db, ended.orderId);
    expect((await invoiceRow(d1.db, ended.invoiceId)).status).toBe("unneeded");
    expect(await processMessage(ended.invoiceId)).toMatchObject({ kind: "done" });
    expect(await processMessage(999_999)).toMatchObject({ kind: "done" });
    expect(stand.calls).toEqual([]);
  });

  it("retries while tries remain; on the last, gives up as failed with the last code one never asked unanswered", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await processMessage(invoiceId, { send: busyIssue })).toMatchObject({ kind: "retry", code: "NOR10001" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", unanswered_at: null });
    expect(await processMessage(invoiceId, { lastTry: true, send: busyIssue })).toEqual({
      kind: "failed",
      code: "NOR10001",
      message: "NOR10001 網路連線異常",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "failed",
      failure_code: "NOR10001",
      failure_message: "NOR10001 網路連線異常",
      attempts: 2,
    });
    // Every request it sent was answered: nothing to look up.
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue"]);
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
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await processMessage(invoiceId, { send: busyIssue });
    expect(await giveUpInvoice(env(), UNCONFIGURED, invoiceId)).toMatchObject({
      kind: "retry",
      code: "NOT_CONFIGURED",
    });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("pending");
    expect(await deadLetter(invoiceId)).toEqual({
      kind: "failed",
      code: "RETRIES_SPENT",
      message: "NOR10001 網路連線異常",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "RETRIES_SPENT" });
    expect(await deadLetter(invoiceId)).toMatchObject({ kind: "done" });
    const issued = await paidOrderWithInvoice(d1.db);
    await processMessage(issued.invoiceId);
    expect(await deadLetter(issued.invoiceId)).toMatchObject({ kind: "done" });
    expect((await invoiceRow(d1.db, issued.invoiceId)).status).toBe("issued");
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue"]);
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

describe("giving up an invoice 開立中 (a request may have reached ezPay unanswered)", () => {
  it("one ezPay holds (its reply was lost) is looked up and recorded 已開立, never 開立失敗", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "retry", code: "UNREACHABLE" });
    // Given up after a last try ezPay answered (NOR10001): the earlier request is done, so it is looked up at once.
    const outcome = await giveUp(invoiceId);
    expect(outcome).toMatchObject({ kind: "done", mail: [expect.any(Number)] });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued", failure_code: null });
    expect((await invoiceRow(d1.db, invoiceId)).invoice_number).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("on the last try, answered NOR10001 after an earlier unanswered one: looked up at once and recorded", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    expect(await processMessage(invoiceId, { lastTry: true, send: busyIssue })).toMatchObject({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("one ezPay holds whose order ended meanwhile is recorded and voided in the same give-up", async () => {
    const { invoiceId, orderId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    await orderEnds(d1.db, orderId);
    expect(await giveUp(invoiceId)).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "voided", void_reason: "訂單取消" });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search", "/Api/invoice_invalid"]);
  });

  it("one ezPay does not hold (INV20006) is 開立失敗 with the give-up's code; 不需開立 if its order ended", async () => {
    // The dead-letter queue, for a row never marked unanswered (its consumer died holding the claim): looked up.
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await diedHoldingClaim(invoiceId);
    expect(await deadLetter(invoiceId)).toEqual({
      kind: "failed",
      code: "RETRIES_SPENT",
      message: "retries spent (ezPay has none)",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "RETRIES_SPENT" });
    expect(stand.calls).toEqual(["/Api/invoice_search"]);
    expect(await stand.issued(merchantOrderNo)).toEqual([]);
    // On the last try, answered NOR10001: the same.
    const busy = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: busy.merchantOrderNo });
    await processMessage(busy.invoiceId);
    await stand.setSwitches({ down: "off", down_order_no: "" });
    expect(await processMessage(busy.invoiceId, { lastTry: true, send: busyIssue })).toMatchObject({
      kind: "failed",
      code: "NOR10001",
    });
    expect(await invoiceRow(d1.db, busy.invoiceId)).toMatchObject({ status: "failed", failure_code: "NOR10001" });
    // An order that ended: ezPay holds none, so none is needed.
    const ended = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: ended.merchantOrderNo });
    await processMessage(ended.invoiceId);
    await stand.setSwitches({ down: "off", down_order_no: "" });
    await orderEnds(d1.db, ended.orderId);
    expect(await giveUp(ended.invoiceId)).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, ended.invoiceId)).toMatchObject({ status: "unneeded", failure_code: "INV20006" });
  });

  it("when the look-up goes unanswered too: stays 開立中, one line, and the cron hands it on after its back-off", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    const now = Date.now();
    expect(await giveUp(invoiceId, new Date(now))).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      claimed_at: null,
      failure_code: null,
      queued_at: now,
    });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    const line = logged("error").find((fields) => fields.event === "retries spent, ezPay may hold it");
    expect(line).toEqual({
      level: "error",
      where: "einvoice",
      request_id: null,
      event: "retries spent, ezPay may hold it",
      invoice_id: invoiceId,
      code: "UNREACHABLE",
      rounds: 1,
      next_round_in_minutes: 30,
    });
    // Not at once (no hot loop): only once QUEUED_STALE_MS have passed, as for a lost message.
    const { sent, queue } = fakeQueue();
    const cron = (at: number) => requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(at));
    expect(await cron(now + QUEUED_STALE_MS - 1)).toEqual({ found: 0, requeued: 0 });
    expect(await cron(now + QUEUED_STALE_MS)).toEqual({ found: 1, requeued: 1 });
    expect(sent).toEqual([{ invoiceId }]);
    // That round ends without an answer too (its last try unanswered): the next is due twice as late, an hour on.
    const second = now + QUEUED_STALE_MS + 5 * 60_000;
    const lastTry = { send: stand.send, lastTry: true };
    expect(await processInvoiceMessage(env(), STORE_CONFIG, invoiceId, new Date(second), lastTry)).toEqual(DONE);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      unanswered_rounds: 2,
      next_round_at: second + 3_600_000,
    });
    expect(await cron(second + QUEUED_STALE_MS)).toEqual({ found: 0, requeued: 0 });
    expect(await cron(second + 3_600_000)).toEqual({ found: 1, requeued: 1 });
    // ezPay back: the message the cron sent asks with the same MerchantOrderNo, and the invoice is issued once.
    await stand.setSwitches({ down: "off", down_order_no: "" });
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("past 24 hours 開立中, a round without an answer writes the alert line, naming the order only", async () => {
    const { invoiceId, orderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on" });
    await processMessage(invoiceId);
    const now = Date.now();
    const asked = now - 25 * 3_600_000;
    await d1.db.prepare("UPDATE invoices SET unanswered_at = ?2 WHERE id = ?1").bind(invoiceId, asked).run();
    expect(await deadLetter(invoiceId, new Date(now))).toEqual(DONE);
    const alerts = logged("error").filter((fields) => fields.event === "invoice_unanswered_alert");
    expect(alerts).toEqual([expect.objectContaining({ order_no: orderNo, hours_waited: 25, rounds: 1 })]);
    expect(JSON.stringify(alerts)).not.toContain("@");
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", unanswered_rounds: 1 });
  });

  it("on a last try that itself went unanswered: no look-up yet (the request may be under way), 開立中", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    const now = Date.now();
    expect(
      await processInvoiceMessage(env(), STORE_CONFIG, invoiceId, new Date(now), { send: stand.send, lastTry: true }),
    ).toEqual({
      kind: "done",
    });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issuing", claimed_at: null, queued_at: now });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_issue"]);
  });

  it("one another consumer holds claimed right now is left to it", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    const claimedAt = Date.now();
    await claimForIssue(d1.db, invoiceId, claimedAt);
    expect(await giveUp(invoiceId)).toMatchObject({ kind: "done" });
    expect(await deadLetter(invoiceId)).toEqual({ kind: "done" });
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({ status: "issuing", failure_code: null, claimed_at: claimedAt });
    expect(stand.calls).toEqual(["/Api/invoice_issue"]);
  });

  it("the dead-letter queue never looks up one asked unanswered: 開立中 for the cron, even when ezPay would say INV20006", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on", down_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    expect((await invoiceRow(d1.db, invoiceId)).unanswered_at).not.toBeNull();
    // ezPay answers again, and has no invoice yet: the request may still be under way there, so INV20006 now would be
    // no proof. The dead-letter queue does not know its last try's outcome: no look-up, 開立中, queued now.
    await stand.setSwitches({ down: "off", down_order_no: "" });
    const now = Date.now();
    expect(await deadLetter(invoiceId, new Date(now))).toEqual({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      claimed_at: null,
      failure_code: null,
      queued_at: now,
    });
    expect(stand.calls).toEqual(["/Api/invoice_issue"]);
    expect(logged("error").map((fields) => fields.event)).toContain("retries spent, ezPay may hold it");
    // The cron hands it on QUEUED_STALE_MS later, as after a last try that went unanswered; that round records it.
    const { sent, queue } = fakeQueue();
    const cron = (at: number) => requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(at));
    expect(await cron(now + QUEUED_STALE_MS - 1)).toEqual({ found: 0, requeued: 0 });
    expect(await cron(now + QUEUED_STALE_MS)).toEqual({ found: 1, requeued: 1 });
    expect(sent).toEqual([{ invoiceId }]);
    expect(await processMessage(invoiceId)).toMatchObject({ kind: "done" });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("the dead-letter queue looks up one never marked unanswered (its consumer died holding the claim)", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await processMessage(invoiceId);
    // As if the consumer had died after its request reached ezPay, before it could record anything.
    await d1.db
      .prepare("UPDATE invoices SET unanswered_at = NULL, claimed_at = ?2 WHERE id = ?1")
      .bind(invoiceId, Date.now() - INVOICE_STALE_CLAIM_MS - 1)
      .run();
    expect(await deadLetter(invoiceId)).toMatchObject({ kind: "done", mail: [expect.any(Number)] });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued", failure_code: null });
    expect(stand.calls).toEqual(["/Api/invoice_issue", "/Api/invoice_search"]);
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });
});
