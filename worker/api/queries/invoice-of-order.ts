// The order's e-invoice as its detail shows it (the contract's OrderInvoice): the invoices row (migration 0021), its
// state, the number and ezPay's issue time.

import { inTaipeiTime } from "../taipei-time";
import type { ApiDatabase, Schemas } from "../types";

interface InvoiceRow {
  status: string;
  kind: Schemas["OrderInvoice"]["kind"];
  invoice_number: string | null;
  issued_at: string | null;
}

const SHOWN_STATE: Record<string, Schemas["OrderInvoice"]["state"]> = {
  pending: "pending",
  issuing: "issuing",
  issued: "issued",
  failed: "failed",
  voiding: "voiding",
  voided: "voided",
  "void-failed": "void-failed",
  unneeded: "unneeded",
};

export async function findOrderInvoice(db: ApiDatabase, orderId: number): Promise<Schemas["OrderInvoice"] | null> {
  const row = await db
    .prepare("SELECT status, kind, invoice_number, issued_at FROM invoices WHERE order_id = ?1")
    .bind(orderId)
    .first<InvoiceRow>();
  if (!row) return null;
  return {
    state: SHOWN_STATE[row.status] ?? "pending",
    kind: row.kind,
    number: row.invoice_number,
    issued_at: row.issued_at === null ? null : inTaipeiTime(row.issued_at),
  };
}
