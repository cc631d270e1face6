// The invoice queue's consumer and the cron's re-queue, with the stand-in ezPay in-process on a real local D1 (the
// client's fetch routed to it): messages acked when done, retried with backoff (the due time on the row) when ezPay is
// down, given up on the last delivery, left for the cron while ezPay is not configured; the dead-letter queue gives
// up (never looking up one asked unanswered: that stays 開立中 for the cron); the cron hands on what was never queued
// or was lost.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { parseConfig } from "../config";
import { QUEUED_STALE_MS } from "../mail-delivery/requeue";
import { INVOICE_STALE_CLAIM_MS } from "./invoice-rows";
import { consumeInvoices, deadLetterInvoices, EINVOICE_MAX_RETRIES } from "./queue-consumer";
import type { InvoiceMessage } from "./queue-message";
import { requeueInvoices } from "./requeue";
import { invoiceRow, paidOrderWithInvoice, STORE_CONFIG, standIn, UNCONFIGURED } from "./stand-in.harness";

const d1 = testD1();
const stand = standIn(() => d1.db);
const env = () => ({ DB: d1.db });

/** A batch of one message for the invoice, delivered `attempts` times so far, recording what the consumer did. */
function batchOf(invoiceId: number, attempts = 1) {
  const did: { acked: boolean; retried: number | null } = { acked: false, retried: null };
  const message = {
    id: `m-${invoiceId}`,
    timestamp: new Date(),
    body: { invoiceId },
    attempts,
    ack: () => {
      did.acked = true;
    },
    retry: (options?: { delaySeconds?: number }) => {
      did.retried = options?.delaySeconds ?? 0;
    },
  };
  const batch = { queue: "bookstore-einvoice", messages: [message] } as unknown as MessageBatch<unknown>;
  return { batch, did };
}

beforeEach(async () => {
  await d1.fresh();
  stand.calls.length = 0;
  vi.stubGlobal("fetch", stand.send);
  for (const level of ["info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the invoice queue's consumer", () => {
  it("issues the invoice, hands its 電子發票開立通知 to the mail queue, and acks the message", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const { batch, did } = batchOf(invoiceId);
    const sent: unknown[] = [];
    const mailQueue = { sendBatch: async (messages: unknown[]) => void sent.push(...messages) };
    await consumeInvoices(batch, { ...env(), MAIL_QUEUE: mailQueue as unknown as Queue }, STORE_CONFIG);
    expect(did).toEqual({ acked: true, retried: null });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issued");
    const mail = await d1.db
      .prepare("SELECT id, subject, queued_at FROM mail_outbox WHERE subject LIKE '%電子發票開立通知%'")
      .all<{ id: number; subject: string; queued_at: number | null }>();
    expect(mail.results).toHaveLength(1);
    expect(sent).toEqual([{ body: { outboxId: mail.results[0]?.id } }]);
    expect(mail.results[0]?.queued_at).not.toBeNull();
  });

  it("retries while ezPay is down, with a doubling delay whose due time the row keeps; the last try gives up", async () => {
    const config = parseConfig({ ...STORE_CONFIG_VARIABLES(), EINVOICE_RETRY_BASE_SECONDS: "60" });
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on" });
    const before = Date.now();
    const third = batchOf(invoiceId, 3);
    await consumeInvoices(third.batch, env(), config);
    expect(third.did).toEqual({ acked: false, retried: 240 });
    const row = await invoiceRow(d1.db, invoiceId);
    // Sent without an answer: 開立中 (issuing), its claim released, until the retry due at queued_at.
    expect(row).toMatchObject({ status: "issuing", claimed_at: null });
    expect(Number(row.queued_at)).toBeGreaterThanOrEqual(before + 240_000);

    // The last try: given up, but never as 開立失敗 while ezPay may hold it. It stays 開立中 for the cron.
    const last = batchOf(invoiceId, EINVOICE_MAX_RETRIES + 1);
    const lastAt = Date.now();
    await consumeInvoices(last.batch, env(), config);
    expect(last.did).toEqual({ acked: true, retried: null });
    const given = await invoiceRow(d1.db, invoiceId);
    expect(given).toMatchObject({ status: "issuing", claimed_at: null, failure_code: null });
    expect(Number(given.queued_at)).toBeGreaterThanOrEqual(lastAt);
    expect(Number(given.queued_at)).toBeLessThanOrEqual(Date.now());
  });

  it("on the last try, an invoice never asked unanswered is given up as 開立失敗 with the last code", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    vi.stubGlobal("fetch", async () => Response.json({ Status: "NOR10001", Message: "網路連線異常", Result: "" }));
    const last = batchOf(invoiceId, EINVOICE_MAX_RETRIES + 1);
    await consumeInvoices(last.batch, env(), STORE_CONFIG);
    expect(last.did).toEqual({ acked: true, retried: null });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "NOR10001" });
  });

  it("leaves an invoice waiting as 待開立 while ezPay is not configured, spending no retry", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    const { batch, did } = batchOf(invoiceId);
    await consumeInvoices(batch, env(), UNCONFIGURED);
    expect(did).toEqual({ acked: true, retried: null });
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("pending");
    expect(stand.calls).toEqual([]);
  });

  it("the dead-letter queue fails an invoice 待開立 (every request answered) with RETRIES_SPENT", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    vi.stubGlobal("fetch", async () => Response.json({ Status: "NOR10001", Message: "網路連線異常", Result: "" }));
    await consumeInvoices(batchOf(invoiceId).batch, env(), STORE_CONFIG);
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("pending");
    const { batch, did } = batchOf(invoiceId);
    await deadLetterInvoices(batch, env(), STORE_CONFIG);
    expect(did.acked).toBe(true);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "failed", failure_code: "RETRIES_SPENT" });
  });

  it("the dead-letter queue leaves one 開立中 (asked unanswered) for the cron, with no look-up: never 開立失敗", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ down: "on" });
    await consumeInvoices(batchOf(invoiceId).batch, env(), STORE_CONFIG);
    // ezPay answers again but holds no invoice yet: its INV20006 could come before the request under way is done.
    await stand.setSwitches({ down: "off" });
    stand.calls.length = 0;
    const before = Date.now();
    const { batch, did } = batchOf(invoiceId);
    await deadLetterInvoices(batch, env(), STORE_CONFIG);
    expect(did.acked).toBe(true);
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({ status: "issuing", claimed_at: null, failure_code: null });
    expect(Number(row.queued_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.queued_at)).toBeLessThanOrEqual(Date.now());
    expect(stand.calls).toEqual([]);
    // The cron hands it on QUEUED_STALE_MS later; that round issues it under the same MerchantOrderNo, once.
    const sent: InvoiceMessage[] = [];
    const queue = {
      sendBatch: async (messages: Iterable<{ body: InvoiceMessage }>) => {
        for (const message of messages) sent.push(message.body);
      },
    } as unknown as Queue<InvoiceMessage>;
    const later = Number(row.queued_at) + QUEUED_STALE_MS;
    expect(await requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(later))).toEqual({
      found: 1,
      requeued: 1,
    });
    expect(sent).toEqual([{ invoiceId }]);
    await consumeInvoices(batchOf(invoiceId).batch, env(), STORE_CONFIG);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });

  it("the dead-letter queue's look-up (a row whose consumer died) that finds the invoice hands on its mail", async () => {
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await consumeInvoices(batchOf(invoiceId).batch, env(), STORE_CONFIG);
    // As if its consumer had died after the request reached ezPay, before recording anything: never marked unanswered.
    await d1.db
      .prepare("UPDATE invoices SET unanswered_at = NULL, claimed_at = ?2 WHERE id = ?1")
      .bind(invoiceId, Date.now() - INVOICE_STALE_CLAIM_MS - 1)
      .run();
    const sent: unknown[] = [];
    const mailQueue = { sendBatch: async (messages: unknown[]) => void sent.push(...messages) };
    const { batch, did } = batchOf(invoiceId);
    await deadLetterInvoices(batch, { ...env(), MAIL_QUEUE: mailQueue as unknown as Queue }, STORE_CONFIG);
    expect(did.acked).toBe(true);
    expect((await invoiceRow(d1.db, invoiceId)).status).toBe("issued");
    expect(sent).toHaveLength(1);
  });
});

describe("the cron's re-queue", () => {
  it("hands on an invoice never queued after a minute, and one whose claim went stale; leaves a fresh one", async () => {
    const sent: InvoiceMessage[] = [];
    const queue = {
      sendBatch: async (messages: Iterable<{ body: InvoiceMessage }>) => {
        for (const message of messages) sent.push(message.body);
      },
    } as unknown as Queue<InvoiceMessage>;
    const now = Date.now();
    const old = await paidOrderWithInvoice(d1.db);
    const crashed = await paidOrderWithInvoice(d1.db);
    const fresh = await paidOrderWithInvoice(d1.db);
    // Sent without an answer (開立中, released): its retry's message was lost, or is not due yet.
    const unanswered = await paidOrderWithInvoice(d1.db);
    const retryDue = await paidOrderWithInvoice(d1.db);
    const issuingUnclaimed =
      "UPDATE invoices SET status = 'issuing', claimed_at = NULL, attempts = 1, queued_at = ?2 WHERE id = ?1";
    await d1.db.batch([
      d1.db.prepare(issuingUnclaimed).bind(unanswered.invoiceId, now - QUEUED_STALE_MS - 1),
      d1.db.prepare(issuingUnclaimed).bind(retryDue.invoiceId, now + 60_000),
      d1.db.prepare("UPDATE invoices SET created_at = ?2 WHERE id = ?1").bind(old.invoiceId, now - 2 * 60_000),
      d1.db
        .prepare("UPDATE invoices SET status = 'issuing', claimed_at = ?2, created_at = ?2 WHERE id = ?1")
        .bind(crashed.invoiceId, now - 10 * 60_000),
      d1.db.prepare("UPDATE invoices SET created_at = ?2 WHERE id = ?1").bind(fresh.invoiceId, now),
    ]);
    expect(await requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(now))).toEqual({
      found: 3,
      requeued: 3,
    });
    expect(sent).toEqual([
      { invoiceId: old.invoiceId },
      { invoiceId: crashed.invoiceId },
      { invoiceId: unanswered.invoiceId },
    ]);
    expect(Number((await invoiceRow(d1.db, old.invoiceId)).queued_at)).toBe(now);
  });

  it("hands on an invoice kept 開立中 by NOR10001 after an unanswered try, once its retry's message is lost", async () => {
    const sent: InvoiceMessage[] = [];
    const queue = {
      sendBatch: async (messages: Iterable<{ body: InvoiceMessage }>) => {
        for (const message of messages) sent.push(message.body);
      },
    } as unknown as Queue<InvoiceMessage>;
    const { invoiceId, merchantOrderNo } = await paidOrderWithInvoice(d1.db);
    await stand.setSwitches({ lost_replies: 1, lost_order_no: merchantOrderNo });
    await consumeInvoices(batchOf(invoiceId).batch, env(), STORE_CONFIG);
    vi.stubGlobal("fetch", async () => Response.json({ Status: "NOR10001", Message: "網路連線異常", Result: "" }));
    const { batch, did } = batchOf(invoiceId, 2);
    await consumeInvoices(batch, env(), STORE_CONFIG);
    expect(did.retried).not.toBeNull();
    const row = await invoiceRow(d1.db, invoiceId);
    expect(row).toMatchObject({ status: "issuing", claimed_at: null, attempts: 2 });
    // The retry's message is lost: the cron hands the invoice on once that retry was due long enough.
    const later = Number(row.queued_at) + QUEUED_STALE_MS;
    expect(await requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(later))).toEqual({
      found: 1,
      requeued: 1,
    });
    expect(sent).toEqual([{ invoiceId }]);
    // The re-queued message finds the invoice the first request issued: one invoice.
    vi.stubGlobal("fetch", stand.send);
    await consumeInvoices(batchOf(invoiceId, 1).batch, env(), STORE_CONFIG);
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "issued" });
    expect(await stand.issued(merchantOrderNo)).toHaveLength(1);
  });
});

/** The stand-in harness's store variables, to vary one. */
function STORE_CONFIG_VARIABLES(): Record<string, string> {
  return {
    SITE_DESCRIPTION: "歡迎光臨",
    EZPAY_MERCHANT_ID: STORE_CONFIG.ezpayMerchantId,
    EZPAY_HASH_KEY: STORE_CONFIG.ezpayHashKey,
    EZPAY_HASH_IV: STORE_CONFIG.ezpayHashIv,
    EZPAY_URL: STORE_CONFIG.ezpayUrl,
    DEV_EINVOICE: "on",
  };
}
