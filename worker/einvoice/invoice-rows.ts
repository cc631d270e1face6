// The invoice queue consumer's statements on `invoices` (migration 0021): each step is one guarded UPDATE, so a
// message handed on twice, or a consumer running beside another, moves a row once.
//   pending → issuing (claimed) → issued, or voiding when the order ended meanwhile (void_wanted_at), or back to
//   pending (a retry ezPay answered, of a row never asked without an answer), or issuing unclaimed (a retry of a row
//   whose request was once sent without an answer: unanswered_at, migration 0025; so too when its retries are spent
//   and ezPay cannot say whether it holds it), or failed, or unneeded (its order ended, and ezPay has no invoice of
//   it);  voiding (claimed) → voided, or void-failed, or stays voiding (retry).
import { type Mail, queueMailWhen } from "../api/mail";
import type { ApiDatabase } from "../api/types";
import { returnedIds } from "../api/writes";

/** A claim older than this is taken to have died with its consumer: the row may be claimed again. */
export const INVOICE_STALE_CLAIM_MS = 5 * 60_000;

/** The invoice a consumer claimed, to issue now. */
export interface ClaimedIssue {
  id: number;
  order_id: number;
  merchant_order_no: string;
  /** invoice_issue's parameters as first asked (JSON, without TimeStamp). */
  request: string;
  total_amt: number;
  /** The tries so far, this one included. */
  attempts: number;
  /** When its order ended (ISO), if it did before the invoice was issued: it is looked up, never issued anew. */
  void_wanted_at: string | null;
}

/**
 * Claims the row to issue it: only a pending row, or one being issued under a stale claim. Null when it is issued,
 * failed, voided, not needed, or being issued by another consumer right now: a duplicate message asks nothing.
 * Claiming an issuing row marks it asked without an answer (unanswered_at, if not yet): a stale claim's consumer died,
 * maybe after sending its request.
 */
export function claimForIssue(db: ApiDatabase, id: number, now: number): Promise<ClaimedIssue | null> {
  return db
    .prepare(
      `UPDATE invoices SET status = 'issuing', claimed_at = ?2, attempts = attempts + 1,
              unanswered_at = CASE WHEN status = 'issuing' THEN COALESCE(unanswered_at, claimed_at, ?2)
                                   ELSE unanswered_at END
        WHERE id = ?1
          AND (status = 'pending' OR (status = 'issuing' AND (claimed_at IS NULL OR claimed_at <= ?3)))
       RETURNING id, order_id, merchant_order_no, request, total_amt, attempts, void_wanted_at`,
    )
    .bind(id, now, now - INVOICE_STALE_CLAIM_MS)
    .first<ClaimedIssue>();
}

/** What ezPay issued, its CheckCode verified. */
export interface IssuedInvoice {
  invoiceNumber: string;
  randomNum: string;
  invoiceTransNo: string;
  /** ISO 8601, from ezPay's CreateTime (Taipei). */
  issuedAt: string;
}

/**
 * ezPay issued the invoice: its number is kept, once (a row that has a number keeps it). The row becomes 'issued', or
 * 'voiding' when its order ended while it was being issued (void_wanted_at), so that it is voided next. Whatever state
 * a late reply finds the row in (a retry, a give-up, 不需開立), an invoice ezPay issued is recorded: it exists.
 * `mail` (電子發票開立通知) is written in the same batch, only when the row became 'issued' by it. The state it ends
 * in (null when the row had its number already, or does not exist) and the outbox ids written.
 */
export async function recordIssued(
  db: ApiDatabase,
  id: number,
  issued: IssuedInvoice,
  mail: Mail | null = null,
): Promise<{ status: "issued" | "voiding" | null; mail: number[] }> {
  const update = db
    .prepare(
      `UPDATE invoices
          SET status = CASE WHEN void_wanted_at IS NULL THEN 'issued' ELSE 'voiding' END,
              invoice_number = ?2, random_num = ?3, invoice_trans_no = ?4, issued_at = ?5,
              claimed_at = NULL, failure_code = NULL, failure_message = NULL
        WHERE id = ?1 AND invoice_number IS NULL
       RETURNING status`,
    )
    .bind(id, issued.invoiceNumber, issued.randomNum, issued.invoiceTransNo, issued.issuedAt);
  // The id is an integer: the condition holds no text from outside.
  const issuedNow = `changes() > 0 AND EXISTS (SELECT 1 FROM invoices WHERE id = ${Math.trunc(id)} AND status = 'issued')`;
  const [updated, written] = await db.batch(mail ? [update, queueMailWhen(db, mail, issuedNow)] : [update]);
  const status = (updated?.results[0] as { status: "issued" | "voiding" } | undefined)?.status ?? null;
  return { status, mail: returnedIds(written) };
}

/**
 * A try failed and will be retried, its claim released, with the reason. One that was sent and got no answer that
 * could be recorded (`unanswered`: no reply, a SUCCESS not believed, LIB10003 not found by invoice_search) may exist at
 * ezPay: it is marked so (unanswered_at, the time of this try's claim, kept from the first such try) and stays issuing
 * (開立中). A row so marked stays issuing whatever a later try's retry says, even one ezPay answered without issuing
 * (NOR10001, CBC10004) or the store's own trouble: its earlier request may have issued it, which a later try's LIB10003
 * (then invoice_search), or its look-up, records. Only a row never so marked waits as pending (待開立) again. Either
 * way it may be claimed again (claimForIssue), and the cron re-queues it (requeue.ts).
 */
export async function recordIssueRetry(
  db: ApiDatabase,
  id: number,
  reason: string,
  { unanswered = false }: { unanswered?: boolean } = {},
): Promise<void> {
  await db
    .prepare(
      `UPDATE invoices
          SET unanswered_at = CASE WHEN ?3 = 1 THEN COALESCE(unanswered_at, claimed_at, created_at) ELSE unanswered_at END,
              status = CASE WHEN ?3 = 1 OR unanswered_at IS NOT NULL THEN 'issuing' ELSE 'pending' END,
              claimed_at = NULL, failure_message = ?2
        WHERE id = ?1 AND status = 'issuing'`,
    )
    .bind(id, reason, unanswered ? 1 : 0)
    .run();
}

/**
 * The issue is given up (ezPay refused it for good; or its retries are spent, and either every request it sent was
 * answered or invoice_search said ezPay holds none): 'failed' with the code, for staff to see. A row that may have
 * reached ezPay unanswered is not failed on a guess (invoice-messages.ts): it stays issuing until ezPay says. Only
 * `noneAtEzpay` (invoice_search said INV20006) of an order that ended meanwhile makes it 'unneeded': no invoice is
 * wanted any more and ezPay holds none (the code is kept). The tries it had, or null when the row was not waiting to
 * be issued.
 */
export function recordIssueFailed(
  db: ApiDatabase,
  id: number,
  code: string,
  message: string,
  { noneAtEzpay = false }: { noneAtEzpay?: boolean } = {},
): Promise<{ attempts: number; status: "failed" | "unneeded" } | null> {
  return db
    .prepare(
      `UPDATE invoices
          SET status = CASE WHEN ?4 = 1 AND void_wanted_at IS NOT NULL THEN 'unneeded' ELSE 'failed' END,
              claimed_at = NULL, failure_code = ?2, failure_message = ?3
        WHERE id = ?1 AND status IN ('pending', 'issuing')
       RETURNING attempts, status`,
    )
    .bind(id, code, message, noneAtEzpay ? 1 : 0)
    .first<{ attempts: number; status: "failed" | "unneeded" }>();
}

/** The invoice a consumer claimed, to void now. */
export interface ClaimedVoid {
  id: number;
  order_id: number;
  invoice_number: string;
  void_reason: string | null;
  attempts: number;
}

/** Claims a 'voiding' row (not claimed, or under a stale claim) to void it; null otherwise. */
export function claimForVoid(db: ApiDatabase, id: number, now: number): Promise<ClaimedVoid | null> {
  return db
    .prepare(
      `UPDATE invoices SET claimed_at = ?2, attempts = attempts + 1
        WHERE id = ?1 AND status = 'voiding' AND invoice_number IS NOT NULL
          AND (claimed_at IS NULL OR claimed_at <= ?3)
       RETURNING id, order_id, invoice_number, void_reason, attempts`,
    )
    .bind(id, now, now - INVOICE_STALE_CLAIM_MS)
    .first<ClaimedVoid>();
}

/** ezPay voided it (or had voided it before). */
export async function recordVoided(db: ApiDatabase, id: number, voidedAt: string): Promise<boolean> {
  const row = await db
    .prepare(
      `UPDATE invoices SET status = 'voided', voided_at = ?2, claimed_at = NULL, failure_code = NULL,
              failure_message = NULL
        WHERE id = ?1 AND status = 'voiding' RETURNING id`,
    )
    .bind(id, voidedAt)
    .first<{ id: number }>();
  return row !== null;
}

/** A void failed and will be retried: the row stays 'voiding', its claim released, with the reason. */
export async function recordVoidRetry(db: ApiDatabase, id: number, reason: string): Promise<void> {
  await db
    .prepare("UPDATE invoices SET claimed_at = NULL, failure_message = ?2 WHERE id = ?1 AND status = 'voiding'")
    .bind(id, reason)
    .run();
}

/** ezPay will not void it (e.g. LIB10008, past the period), or the retries are spent: 'void-failed' with the code. */
export function recordVoidFailed(
  db: ApiDatabase,
  id: number,
  code: string,
  message: string,
): Promise<{ attempts: number } | null> {
  return db
    .prepare(
      `UPDATE invoices SET status = 'void-failed', claimed_at = NULL, failure_code = ?2, failure_message = ?3
        WHERE id = ?1 AND status = 'voiding' RETURNING attempts`,
    )
    .bind(id, code, message)
    .first<{ attempts: number }>();
}

/** The row's state, or null when there is no such invoice. */
export async function invoiceStatus(db: ApiDatabase, id: number): Promise<string | null> {
  const row = await db.prepare("SELECT status FROM invoices WHERE id = ?1").bind(id).first<{ status: string }>();
  return row?.status ?? null;
}

/**
 * The rows were handed to the invoice queue (or a retry is due back on it at `now`): each records when, so the cron
 * re-queues only what was never queued or whose message was lost.
 */
export async function markInvoicesQueued(db: ApiDatabase, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare("UPDATE invoices SET queued_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids), now)
    .run();
}
