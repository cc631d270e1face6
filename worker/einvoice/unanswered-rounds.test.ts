// The rounds of a 開立中 invoice that end without ezPay's answer, on a real local D1: the wait before the next doubles
// (30 minutes to at most 6 hours), the cron hands the row on only once it is due, and past 24 hours each such round
// writes one alert line naming the order, never the buyer.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { testD1 } from "../api/testing/d1-harness";
import { QUEUED_STALE_MS } from "../mail-delivery/requeue";
import type { InvoiceMessage } from "./queue-message";
import { requeueInvoices } from "./requeue";
import { invoiceRow, paidOrderWithInvoice } from "./stand-in.harness";
import {
  MAX_ROUND_WAIT_MS,
  recordUnansweredRound,
  roundWaitMs,
  UNANSWERED_ALERT_AFTER_MS,
  UNANSWERED_ALERT_EVENT,
} from "./unanswered-rounds";

const d1 = testD1();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T = Date.parse("2026-11-23T11:00:00Z");
let errors: MockInstance;

/** The JSON lines logged at error level so far. */
const errorLines = () => errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

/** A paid order's invoice left 開立中 by a try that went unanswered at `since`, its claim released. */
async function unansweredInvoice(since: number) {
  const invoice = await paidOrderWithInvoice(d1.db);
  await d1.db
    .prepare(
      `UPDATE invoices SET status = 'issuing', claimed_at = NULL, unanswered_at = ?2, queued_at = ?2, attempts = 6,
              created_at = ?2 WHERE id = ?1`,
    )
    .bind(invoice.invoiceId, since)
    .run();
  return invoice;
}

/** The cron's re-queue at `at`, with a stand-in queue keeping what it is sent. */
async function cronAt(at: number) {
  const sent: InvoiceMessage[] = [];
  const queue = {
    sendBatch: async (messages: Iterable<{ body: InvoiceMessage }>) => {
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue<InvoiceMessage>;
  await requeueInvoices({ DB: d1.db, EINVOICE_QUEUE: queue }, new Date(at));
  return sent;
}

beforeEach(async () => {
  await d1.fresh();
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("roundWaitMs", () => {
  it("waits 30 minutes after the first round without an answer, twice as long each time, at most 6 hours", () => {
    expect(roundWaitMs(1)).toBe(30 * MINUTE);
    expect(roundWaitMs(1)).toBe(QUEUED_STALE_MS);
    expect(roundWaitMs(2)).toBe(HOUR);
    expect(roundWaitMs(3)).toBe(2 * HOUR);
    expect(roundWaitMs(4)).toBe(4 * HOUR);
    expect(roundWaitMs(5)).toBe(6 * HOUR);
    expect(roundWaitMs(6)).toBe(6 * HOUR);
    expect(roundWaitMs(1000)).toBe(MAX_ROUND_WAIT_MS);
  });
});

describe("recordUnansweredRound", () => {
  it("counts the round on the 開立中 row, queued now, the next round due after the doubled wait", async () => {
    const { invoiceId } = await unansweredInvoice(T);
    const first = await recordUnansweredRound(d1.db, invoiceId, new Date(T + HOUR));
    expect(first).toMatchObject({ rounds: 1, nextRoundAt: T + HOUR + 30 * MINUTE });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({
      status: "issuing",
      unanswered_rounds: 1,
      next_round_at: T + HOUR + 30 * MINUTE,
      queued_at: T + HOUR,
    });
    const second = await recordUnansweredRound(d1.db, invoiceId, new Date(T + 3 * HOUR));
    expect(second).toMatchObject({ rounds: 2, nextRoundAt: T + 4 * HOUR });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ unanswered_rounds: 2, next_round_at: T + 4 * HOUR });
  });

  it("counts nothing on a row that is not 開立中", async () => {
    const { invoiceId } = await paidOrderWithInvoice(d1.db);
    expect(await recordUnansweredRound(d1.db, invoiceId, new Date(T))).toBeNull();
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ status: "pending", unanswered_rounds: 0 });
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ next_round_at: null, queued_at: null });
  });

  it("no alert line while it has waited 24 hours or less", async () => {
    const { invoiceId } = await unansweredInvoice(T);
    await recordUnansweredRound(d1.db, invoiceId, new Date(T + UNANSWERED_ALERT_AFTER_MS));
    expect(errorLines()).toEqual([]);
  });

  it("past 24 hours 開立中, each round writes one alert line: the order's number and the hours, no personal data", async () => {
    const { invoiceId, orderNo, merchantOrderNo } = await unansweredInvoice(T);
    await d1.db.prepare("UPDATE invoices SET unanswered_rounds = 7 WHERE id = ?1").bind(invoiceId).run();
    await recordUnansweredRound(d1.db, invoiceId, new Date(T + 25 * HOUR + 10 * MINUTE));
    expect(errorLines()).toEqual([
      {
        level: "error",
        where: "einvoice",
        request_id: null,
        event: UNANSWERED_ALERT_EVENT,
        invoice_id: invoiceId,
        order_no: orderNo,
        merchant_order_no: merchantOrderNo,
        hours_waited: 25,
        rounds: 8,
        next_round_in_minutes: 360,
      },
    ]);
    expect(UNANSWERED_ALERT_EVENT).toBe("invoice_unanswered_alert");
    // Nothing of the buyer: no e-mail, name or carrier.
    expect(JSON.stringify(errorLines())).not.toMatch(/@|林靜宜|AB\+1234/);
    // The next such round writes its own line.
    await recordUnansweredRound(d1.db, invoiceId, new Date(T + 32 * HOUR));
    expect(errorLines().filter((line) => line.event === UNANSWERED_ALERT_EVENT)).toHaveLength(2);
    expect(errorLines()[1]).toMatchObject({ hours_waited: 32, rounds: 9 });
  });
});

describe("the cron's due selection after rounds without an answer", () => {
  it("hands the row on only once the round's doubled wait has passed, never before", async () => {
    const { invoiceId } = await unansweredInvoice(T);
    // Three rounds ended without an answer: the next is due 2 hours after the third.
    for (const at of [T, T + HOUR, T + 3 * HOUR]) await recordUnansweredRound(d1.db, invoiceId, new Date(at));
    expect(await invoiceRow(d1.db, invoiceId)).toMatchObject({ unanswered_rounds: 3, next_round_at: T + 5 * HOUR });
    // A lost message would be handed on 30 minutes after queued_at; this row waits for its round.
    expect(await cronAt(T + 3 * HOUR + QUEUED_STALE_MS)).toEqual([]);
    expect(await cronAt(T + 5 * HOUR - 1)).toEqual([]);
    expect(await cronAt(T + 5 * HOUR)).toEqual([{ invoiceId }]);
  });

  it("a round under way (its retries' due times in queued_at) is handed on as any lost message", async () => {
    const { invoiceId } = await unansweredInvoice(T);
    await recordUnansweredRound(d1.db, invoiceId, new Date(T));
    // The cron handed it on at its round (queued_at then), and that message was lost.
    await d1.db
      .prepare("UPDATE invoices SET queued_at = ?2 WHERE id = ?1")
      .bind(invoiceId, T + 30 * MINUTE)
      .run();
    expect(await cronAt(T + 30 * MINUTE + QUEUED_STALE_MS - 1)).toEqual([]);
    expect(await cronAt(T + 30 * MINUTE + QUEUED_STALE_MS)).toEqual([{ invoiceId }]);
  });

  it("a round's wait holds only while the invoice is 開立中: once found and to be voided, a lost void goes on as usual", async () => {
    const { invoiceId } = await unansweredInvoice(T);
    // Three rounds without an answer: the next would be due at T + 5 h.
    for (const at of [T, T + HOUR, T + 3 * HOUR]) await recordUnansweredRound(d1.db, invoiceId, new Date(at));
    // A late answer found it issued, and its order had ended: it waits to be voided, and that message was lost.
    await d1.db
      .prepare("UPDATE invoices SET status = 'voiding', invoice_number = 'AB12345678', queued_at = ?2 WHERE id = ?1")
      .bind(invoiceId, T + 3 * HOUR + MINUTE)
      .run();
    expect(await cronAt(T + 3 * HOUR + MINUTE + QUEUED_STALE_MS)).toEqual([{ invoiceId }]);
  });
});
