import { describe, expect, it } from "vitest";
import { type InvoiceState, invoiceStateLabel, invoiceStateNote } from "./invoice-states";

const STATES: InvoiceState[] = [
  "pending",
  "issuing",
  "issued",
  "failed",
  "voiding",
  "voided",
  "void-failed",
  "unneeded",
];

describe("invoice states", () => {
  it("labels every state of the invoices table in Chinese", () => {
    expect(Object.fromEntries(STATES.map((state) => [state, invoiceStateLabel(state)]))).toEqual({
      pending: "待開立",
      issuing: "開立中",
      issued: "已開立",
      failed: "開立失敗",
      voiding: "作廢處理中",
      voided: "已作廢",
      "void-failed": "作廢失敗",
      unneeded: "不需開立",
    });
  });

  it("tells the reader what to do about a failed invoice, and nothing for a settled one", () => {
    expect(invoiceStateNote("failed")).toBe("發票開立失敗，我們會盡快處理，如有疑問請聯絡客服");
    expect(invoiceStateNote("void-failed")).toMatch(/如有疑問請聯絡客服$/);
    expect(invoiceStateNote("pending")).toMatch(/發票號碼/);
    for (const state of ["issued", "voided", "unneeded"]) expect(invoiceStateNote(state), state).toBe("");
  });

  it("never promises a number for an invoice still waiting of an order that ended", () => {
    for (const state of ["pending", "issuing"]) {
      expect(invoiceStateNote(state, true), state).toBe("訂單已取消，發票將作廢或不開立");
      expect(invoiceStateNote(state, false), state).toMatch(/^付款已確認/);
    }
    // The other states' notes already say what happens (or nothing needs saying).
    for (const state of STATES.filter((s) => s !== "pending" && s !== "issuing")) {
      expect(invoiceStateNote(state, true), state).toBe(invoiceStateNote(state));
    }
    expect(invoiceStateNote("odd", true)).toBe("");
  });

  it("has nothing for a state the store does not have", () => {
    for (const state of ["", "toString", "constructor", "ISSUED"]) {
      expect(invoiceStateLabel(state), state).toBe("");
      expect(invoiceStateNote(state), state).toBe("");
    }
  });
});
