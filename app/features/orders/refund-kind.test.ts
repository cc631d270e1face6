import { describe, expect, it } from "vitest";
import * as ORDER_STATUS from "~/domain/order-statuses";
import { refundsExtraPayment } from "./refund-kind";

describe("refundsExtraPayment", () => {
  it("is true for an order that goes on (待進貨, 完成付款, 出貨完畢): only the duplicate payment goes back", () => {
    for (const status of [ORDER_STATUS.awaitingStock, ORDER_STATUS.paid, ORDER_STATUS.shipped]) {
      expect(refundsExtraPayment(status)).toBe(true);
    }
  });

  it("is false for an order that ended or came back: what it was paid goes back", () => {
    for (const status of [
      ORDER_STATUS.interrupted,
      ORDER_STATUS.cancelled,
      ORDER_STATUS.returning,
      ORDER_STATUS.partlyReturned,
      ORDER_STATUS.returned,
    ]) {
      expect(refundsExtraPayment(status)).toBe(false);
    }
  });
});
