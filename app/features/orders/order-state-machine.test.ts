import { describe, expect, it } from "vitest";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import type { InvoiceVoidFacts } from "./invoice-void-deadline";
import { canCancel, cancelNotice, decide as decideAt, type OrderEvent, type OrderFacts } from "./order-state-machine";

const NOW = new Date("2026-11-28T04:00:00Z");
const decide = (order: OrderFacts, event: OrderEvent) => decideAt(order, event, NOW);

const ALL_STATUSES = Array.from({ length: 10 }, (_, i) => i + 1);
const EVENTS: OrderEvent[] = [
  "placed-free",
  "paid",
  "paid-wrong-amount",
  "payment-failed",
  "payment-expired",
  "member-cancel",
];
const order = (status: number, extra: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  pay_type: 1,
  has_pre_order: false,
  category_type: 0,
  invoice: null,
  ...extra,
});

/** Every allowed move: [from, event, to, refund needed]. Anything not listed must be refused. */
const ALLOWED: [number, OrderEvent, number, boolean][] = [
  [1, "placed-free", 5, false],
  [1, "paid", 5, false],
  [3, "paid", 5, false],
  [1, "payment-failed", 3, false],
  [1, "payment-expired", 2, false],
  [3, "payment-expired", 2, false],
  [1, "member-cancel", 6, false],
  [3, "member-cancel", 6, false],
  [4, "member-cancel", 6, true],
  [5, "member-cancel", 6, true],
];

describe("the order state machine", () => {
  for (const status of ALL_STATUSES) {
    for (const event of EVENTS) {
      const allowed = ALLOWED.find(([from, e]) => from === status && e === event);
      it(`${status} on ${event}: ${allowed ? `→ ${allowed[2]}` : "refused"}`, () => {
        const decision = decide(order(status), event);
        if (allowed) {
          expect(decision).toEqual({
            move: true,
            to: allowed[2],
            refundNeeded: allowed[3],
            releasesStock: allowed[2] === 2 || allowed[2] === 6,
          });
        } else {
          expect(decision.move).toBe(false);
          // Only a payment that arrives where no payment can go, or of the wrong amount, needs a refund.
          expect(decision.refundNeeded).toBe(event === "paid" || event === "paid-wrong-amount");
        }
      });
    }
  }

  it("a paid order holding a pre-order item waits for stock (4), also when it totals 0", () => {
    expect(decide(order(1, { has_pre_order: true }), "paid")).toMatchObject({ move: true, to: 4 });
    expect(decide(order(3, { has_pre_order: true }), "paid")).toMatchObject({ move: true, to: 4 });
    expect(decide(order(1, { has_pre_order: true }), "placed-free")).toMatchObject({ move: true, to: 4 });
  });

  it("貨到付款 has no payment deadline: it stays 1 until the member cancels it", () => {
    const cod = order(1, { pay_type: PAY_TYPE.cashOnDelivery });
    expect(decide(cod, "payment-expired").move).toBe(false);
    expect(decide(cod, "member-cancel")).toMatchObject({ move: true, to: 6, refundNeeded: false });
  });

  it("a payment for an ended order, or a second one for a paid order, is a refund", () => {
    for (const status of [2, 6, 4, 5]) {
      expect(decide(order(status), "paid")).toMatchObject({ move: false, refundNeeded: true });
    }
  });

  it("a payment of the wrong amount settles nothing, in any status: it is a refund", () => {
    for (const status of ALL_STATUSES) {
      expect(decide(order(status), "paid-wrong-amount")).toMatchObject({ move: false, refundNeeded: true });
      expect(decide(order(status, { has_pre_order: true }), "paid-wrong-amount").move).toBe(false);
    }
  });

  it("the member may cancel before shipping only, with a reason in Chinese otherwise", () => {
    expect(ALL_STATUSES.filter((status) => canCancel(order(status), NOW))).toEqual([1, 3, 4, 5]);
    expect(decide(order(ORDER_STATUS.shipped), "member-cancel")).toMatchObject({
      reason: expect.stringMatching(/客服/),
    });
    expect(decide(order(ORDER_STATUS.cancelled), "member-cancel")).toMatchObject({ reason: "這張訂單已取消" });
  });

  it("a paid digital order is not cancelled: e-books and audio books are in the bookcase once paid", () => {
    const digital = (status: number, has_pre_order = false) => order(status, { category_type: 1, has_pre_order });
    expect(ALL_STATUSES.filter((status) => canCancel(digital(status), NOW))).toEqual([1, 3, 4]);
    expect(decide(digital(ORDER_STATUS.paid), "member-cancel")).toEqual({
      move: false,
      refundNeeded: false,
      reason: "電子書與有聲書因屬數位內容，付款後已開通至書櫃，恕不取消或退款",
    });
    expect(decide(digital(ORDER_STATUS.awaiting), "member-cancel")).toMatchObject({ move: true, to: 6 });
    // A pre-order e-book paid and waiting for its release is not in the bookcase yet: cancelled, with a refund.
    expect(decide(digital(ORDER_STATUS.awaitingStock, true), "member-cancel")).toMatchObject({
      move: true,
      to: 6,
      refundNeeded: true,
    });
  });

  it("a paid order whose invoice can no longer be voided is not cancelled online: the member is sent to 客服", () => {
    const reason = "這張訂單的發票已過可作廢期限，無法在網站上取消；如需退貨或退款，請聯絡客服。";
    const invoice = (issuedAt: string, status = "issued"): InvoiceVoidFacts => ({
      status,
      issued_at: status === "issued" ? issuedAt : null,
      created_at: Date.parse(issuedAt) - 90_000,
    });
    // Issued 2025-08-20 (July–August): voidable until 2025-09-13, long past at NOW.
    const old = invoice("2025-08-20T09:43:45.000Z");
    for (const status of [ORDER_STATUS.awaitingStock, ORDER_STATUS.paid]) {
      expect(decide(order(status, { invoice: old }), "member-cancel")).toEqual({
        move: false,
        refundNeeded: false,
        reason,
      });
      expect(canCancel(order(status, { invoice: old }), NOW)).toBe(false);
      expect(cancelNotice(order(status, { invoice: old }), NOW)).toBe(reason);
      // The same order while its invoice could still be voided is cancelled, with a refund.
      expect(
        decideAt(order(status, { invoice: old }), "member-cancel", new Date("2025-09-13T15:59:59Z")),
      ).toMatchObject({
        move: true,
        to: 6,
        refundNeeded: true,
      });
    }
    // Issued this period (2026-11-02; November–December, until 2027-01-13): cancelled.
    const recent = order(ORDER_STATUS.paid, { invoice: invoice("2026-11-02T01:00:00.000Z") });
    expect(decide(recent, "member-cancel")).toMatchObject({ move: true, to: 6, refundNeeded: true });
    expect(cancelNotice(recent, NOW)).toBeNull();
    // Being issued for an old order: ezPay may hold it, dated the day it was asked for, so it is refused too.
    expect(
      decide(order(ORDER_STATUS.paid, { invoice: invoice("2025-08-20T09:43:45.000Z", "issuing") }), "member-cancel"),
    ).toMatchObject({ reason });
    // 待開立 (never sent, or every request answered without an invoice): ezPay holds none, and it is not issued once
    // the order ends (不需開立), so the cancel goes on.
    const unasked = invoice("2025-08-20T09:43:45.000Z", "pending");
    expect(decide(order(ORDER_STATUS.paid, { invoice: unasked }), "member-cancel")).toMatchObject({
      move: true,
      to: 6,
    });
    // The other reasons keep their own words; the notice is only for the invoice's.
    const digitalOld = order(ORDER_STATUS.paid, { category_type: 1, invoice: old });
    expect(decide(digitalOld, "member-cancel")).toMatchObject({ reason: expect.stringMatching(/^電子書與有聲書/) });
    expect(cancelNotice(digitalOld, NOW)).toBeNull();
    expect(cancelNotice(order(ORDER_STATUS.shipped, { invoice: old }), NOW)).toBeNull();
    expect(cancelNotice(order(ORDER_STATUS.cancelled, { invoice: old }), NOW)).toBeNull();
  });
});
