// An order's invoice as the order state machine's cancel needs it (app/features/orders/invoice-void-deadline.ts):
// its columns read with the order's row, in the same statement, and the facts made of them.
import type { InvoiceVoidFacts } from "~/features/orders/invoice-void-deadline";

/** Columns for a SELECT over `orders` aliased `o`: the order's invoice, or NULLs when it has none. */
export const INVOICE_VOID_COLUMNS = `
  (SELECT status FROM invoices WHERE order_id = o.id) AS invoice_status,
  (SELECT issued_at FROM invoices WHERE order_id = o.id) AS invoice_issued_at,
  (SELECT created_at FROM invoices WHERE order_id = o.id) AS invoice_created_at`;

export interface InvoiceVoidColumns {
  invoice_status: string | null;
  invoice_issued_at: string | null;
  invoice_created_at: number | null;
}

/** The facts of the columns above; null when the order has no invoice. */
export function invoiceVoidFacts(row: InvoiceVoidColumns): InvoiceVoidFacts | null {
  if (row.invoice_status === null) return null;
  return {
    status: row.invoice_status,
    issued_at: row.invoice_issued_at,
    created_at: row.invoice_created_at ?? 0,
  };
}
