import { describe, expect, it } from "vitest";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { canCancel, decide, type OrderEvent } from "./order-state-machine";

const ALL_STATUSES = Array.from({ length: 10 }, (_, i) => i + 1);
const EVENTS: OrderEvent[] = [
  "placed-free",
  "paid",
  "paid-wrong-amount",
  "payment-failed",
  "payment-expired",
  "member-cancel",
];
const order = (status: number, extra: { pay_type?: number; has_pre_order?: boolean; category_type?: number } = {}) => ({
  status,
  pay_type: 1,
  has_pre_order: false,
  category_type: 0,
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
    expect(ALL_STATUSES.filter((status) => canCancel(order(status)))).toEqual([1, 3, 4, 5]);
    expect(decide(order(ORDER_STATUS.shipped), "member-cancel")).toMatchObject({
      reason: expect.stringMatching(/客服/),
    });
    expect(decide(order(ORDER_STATUS.cancelled), "member-cancel")).toMatchObject({ reason: "這張訂單已取消" });
  });

  it("a paid digital order is not cancelled: e-books and audio books are in the bookcase once paid", () => {
    const digital = (status: number, has_pre_order = false) => order(status, { category_type: 1, has_pre_order });
    expect(ALL_STATUSES.filter((status) => canCancel(digital(status)))).toEqual([1, 3, 4]);
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
});
