import { describe, expect, it } from "vitest";
import { canStillVoid, type InvoiceVoidFacts, pastVoidDeadline, voidClosesAt } from "./invoice-void-deadline";

/** A Taipei wall-clock time as a moment. */
const taipei = (local: string) => new Date(`${local}+08:00`);

describe("how long an issued invoice can be voided", () => {
  it("until the 13th (inclusive, Taipei) of the month after its bimonthly period", () => {
    const cases: [issued: string, closes: string][] = [
      ["2025-01-01T00:00:00", "2025-03-14T00:00:00"],
      ["2025-02-28T23:59:59", "2025-03-14T00:00:00"],
      ["2025-03-01T00:00:00", "2025-05-14T00:00:00"],
      ["2025-04-30T12:00:00", "2025-05-14T00:00:00"],
      ["2025-05-15T09:00:00", "2025-07-14T00:00:00"],
      ["2025-07-31T23:00:00", "2025-09-14T00:00:00"],
      ["2025-08-20T17:43:45", "2025-09-14T00:00:00"],
      ["2025-09-01T00:00:00", "2025-11-14T00:00:00"],
      ["2025-11-01T00:00:00", "2026-01-14T00:00:00"],
      ["2025-12-31T23:59:59", "2026-01-14T00:00:00"],
    ];
    for (const [issued, closes] of cases) {
      expect(voidClosesAt(taipei(issued)).toISOString(), issued).toBe(taipei(closes).toISOString());
    }
  });

  it("reads the issue date and the deadline in Taipei time, not UTC", () => {
    // 2025-04-30 16:30 UTC is already 1 May in Taipei: the May–June period.
    expect(voidClosesAt(new Date("2025-04-30T16:30:00Z"))).toEqual(taipei("2025-07-14T00:00:00"));
    // 2025-04-30 15:59 UTC is still 30 April in Taipei.
    expect(voidClosesAt(new Date("2025-04-30T15:59:00Z"))).toEqual(taipei("2025-05-14T00:00:00"));
    // The last moment is 23:59:59.999 Taipei on the 13th, which is 15:59:59.999 UTC.
    const issued = taipei("2025-03-12T10:18:40");
    expect(canStillVoid(issued, new Date("2025-05-13T15:59:59.999Z"))).toBe(true);
    expect(canStillVoid(issued, new Date("2025-05-13T16:00:00Z"))).toBe(false);
  });

  it("is open from the issue on, and closed long after", () => {
    const issued = taipei("2025-08-20T17:43:45");
    expect(canStillVoid(issued, issued)).toBe(true);
    expect(canStillVoid(issued, taipei("2025-09-13T23:59:59"))).toBe(true);
    expect(canStillVoid(issued, taipei("2025-09-14T00:00:00"))).toBe(false);
    expect(canStillVoid(issued, taipei("2026-11-28T12:00:00"))).toBe(false);
  });
});

describe("whether an order's invoice is past its void deadline", () => {
  const paidAt = taipei("2025-08-20T17:42:15");
  const invoice = (status: string, extra: Partial<InvoiceVoidFacts> = {}): InvoiceVoidFacts => ({
    status,
    issued_at: null,
    created_at: paidAt.getTime() + 3000,
    ...extra,
  });
  const inTime = taipei("2025-09-13T20:00:00");
  const late = taipei("2026-11-28T12:00:00");

  it("an issued invoice: by its issue date", () => {
    const issued = invoice("issued", { issued_at: "2025-08-20T09:43:45.000Z" });
    expect(pastVoidDeadline(issued, inTime)).toBe(false);
    expect(pastVoidDeadline(issued, late)).toBe(true);
    // Written in August, issued (late) in September: the September–October period counts.
    const issuedLater = invoice("issued", { issued_at: "2025-09-01T02:00:00.000Z" });
    expect(pastVoidDeadline(issuedLater, taipei("2025-11-13T23:00:00"))).toBe(false);
  });

  it("one ezPay may hold (開立中): by the day its row was written, the earliest it can bear", () => {
    expect(pastVoidDeadline(invoice("issuing"), inTime)).toBe(false);
    expect(pastVoidDeadline(invoice("issuing"), late)).toBe(true);
  });

  it("one ezPay holds none of (待開立: never sent, or every request answered without one), or with nothing to void, is never past it", () => {
    for (const none of [
      invoice("pending"),
      invoice("failed"),
      invoice("unneeded"),
      invoice("voided", { issued_at: "2025-08-20T09:43:45.000Z" }),
    ]) {
      expect(pastVoidDeadline(none, late)).toBe(false);
    }
  });
});
