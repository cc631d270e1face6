// After the D1 batch that wrote or changed an invoice has committed (the payment, the order's end): its id goes to the
// invoice queue, and the row records when (queued_at). Run after the reply, so a request never waits for ezPay. A
// queue send that fails leaves the row as it was, for the cron (requeue.ts); nothing here throws.
import type { ApiDatabase } from "../api/types";
import { sendIds } from "../queues/send-ids";
import { markInvoicesQueued } from "./invoice-rows";
import type { InvoiceMessage } from "./queue-message";

/** Sends the invoice ids to `queue` and marks them queued; without a queue (unit tests), the cron will. */
export function handOffInvoices(
  db: ApiDatabase,
  queue: Queue<InvoiceMessage> | undefined,
  ids: readonly number[],
  now = Date.now(),
): Promise<{ queued: number }> {
  return sendIds(
    {
      where: "einvoice",
      queue,
      message: (invoiceId) => ({ invoiceId }),
      markQueued: (part) => markInvoicesQueued(db, part, now),
    },
    ids,
  );
}
