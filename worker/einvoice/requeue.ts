// The cron's share of invoices (worker/scheduled.ts): rows that should be on the invoice queue and are not are handed
// to it again, a bounded number a run, oldest first:
//  - pending, never queued a minute after it was written (the queue send after the payment failed), or queued more
//    than QUEUED_STALE_MS ago (since its retry was due): the message was lost, or ezPay was not configured then;
//  - issuing or voiding with a claim older than INVOICE_STALE_CLAIM_MS: the consumer died mid-call (a retry of an
//    issue is safe: the same MerchantOrderNo, and LIB10003 means "look it up");
//  - issuing with its claim released (開立中: a request sent to ezPay without an answer that could be recorded, its
//    retry due, even when a later try was answered NOR10001 or CBC10004: unanswered_at), queued more than
//    QUEUED_STALE_MS ago: the retry's message was lost; the retry asks again, or looks it up when its order ended.
//    So is one whose retries were spent while ezPay could not say whether it holds it (invoice-messages.ts): the
//    give-up sets queued_at to its own time and next_round_at to when the next round is due (unanswered-rounds.ts:
//    30 minutes after the first such round, then twice as long each time, at most 6 hours), so it is handed on then,
//    never at once, and starts a new round of retries;
//  - voiding, never queued or queued long ago: the order ended but the void was not handed on.
// A message sent twice is harmless: the consumer's claim acts on a row once.
import type { ApiDatabase } from "../api/types";
import { QUEUED_STALE_MS, REQUEUE_PER_RUN, WRITTEN_GRACE_MS } from "../mail-delivery/requeue";
import { handOffInvoices } from "./handoff";
import { INVOICE_STALE_CLAIM_MS } from "./invoice-rows";
import type { InvoiceMessage } from "./queue-message";

export async function requeueInvoices(
  env: { DB: ApiDatabase; EINVOICE_QUEUE: Queue<InvoiceMessage> },
  now: Date,
): Promise<{ found: number; requeued: number }> {
  const at = now.getTime();
  const { results } = await env.DB.prepare(
    `SELECT id FROM invoices
     WHERE status IN ('pending', 'issuing', 'voiding')
       AND ((claimed_at IS NULL AND queued_at IS NULL AND created_at <= ?1)
         OR (claimed_at IS NULL AND queued_at <= ?2
             AND (status <> 'issuing' OR next_round_at IS NULL OR next_round_at <= ?5))
         OR claimed_at <= ?3)
     ORDER BY id LIMIT ?4`,
  )
    .bind(at - WRITTEN_GRACE_MS, at - QUEUED_STALE_MS, at - INVOICE_STALE_CLAIM_MS, REQUEUE_PER_RUN, at)
    .all<{ id: number }>();
  const ids = results.map((row) => row.id);
  const { queued } = await handOffInvoices(env.DB, env.EINVOICE_QUEUE, ids, at);
  return { found: ids.length, requeued: queued };
}
