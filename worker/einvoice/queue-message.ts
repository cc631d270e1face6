// What the invoice queue carries: the id of one invoices row, never the invoice (no buyer, no barcode), so a message
// logged or dead-lettered leaks nothing. The queue names are wrangler.toml's ([[queues.consumers]]).
import { z } from "zod";

/** The invoice queue, and its dead-letter queue (consumed by this worker too, which marks the invoice failed). */
export const EINVOICE_QUEUE = "bookstore-einvoice";
export const EINVOICE_DEAD_LETTER_QUEUE = "bookstore-einvoice-dlq";

export interface InvoiceMessage {
  invoiceId: number;
}

const invoiceMessage = z.object({ invoiceId: z.number().int().positive() });

/** The invoice id a queue message carries; null for a body that is not an invoice message. */
export function invoiceIdOf(body: unknown): number | null {
  const parsed = invoiceMessage.safeParse(body);
  return parsed.success ? parsed.data.invoiceId : null;
}
