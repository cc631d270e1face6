import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatOrderNo, orderNoRandomPart } from "~/features/orders/order-no";
import { INVOICE_ORDER_NO_MAX, INVOICE_ORDER_NO_PATTERN, invoiceOrderNo } from "./invoice-order-no";

describe("invoiceOrderNo", () => {
  it("is BK, the order number's date, _ and the order's id padded to 6", () => {
    expect(invoiceOrderNo({ id: 42, order_no: "BK20261123-000042-7KQ3ZP" })).toBe("BK20261123_000042");
    expect(invoiceOrderNo({ id: 999_999_999, order_no: "BK20261231-999999999-7KQ3ZP" })).toBe("BK20261231_999999999");
  });

  it("is at most 20 letters, digits and _, stable, and different for different orders", () => {
    const order = fc.record({
      id: fc.integer({ min: 1, max: 999_999_999 }),
      at: fc.date({ min: new Date("2024-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
    });
    fc.assert(
      fc.property(order, order, ({ id, at }, other) => {
        const no = invoiceOrderNo({ id, order_no: formatOrderNo(at, id, orderNoRandomPart()) });
        expect(no.length).toBeLessThanOrEqual(INVOICE_ORDER_NO_MAX);
        expect(no).toMatch(/^[A-Za-z0-9_]+$/);
        expect(no).toMatch(INVOICE_ORDER_NO_PATTERN);
        // The random part of the number plays no part: the same order always gets the same id.
        expect(invoiceOrderNo({ id, order_no: formatOrderNo(at, id, orderNoRandomPart()) })).toBe(no);
        const otherNo = invoiceOrderNo({ id: other.id, order_no: formatOrderNo(other.at, other.id, "ABCDEF") });
        if (other.id !== id) expect(otherNo).not.toBe(no);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses an id or a number it cannot make an id of", () => {
    const order_no = "BK20261123-000042-7KQ3ZP";
    for (const id of [0, -1, 1.5, 1_000_000_000, Number.NaN])
      expect(() => invoiceOrderNo({ id, order_no })).toThrow(RangeError);
    for (const bad of ["", "BK20261123-42-7KQ3ZP", "XX20261123-000042-7KQ3ZP"]) {
      expect(() => invoiceOrderNo({ id: 42, order_no: bad })).toThrow(RangeError);
    }
  });
});
