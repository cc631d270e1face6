// A round of a 開立中 invoice that ends without ezPay's answer: its message's retries were spent (or it reached the
// dead-letter queue) and ezPay could not say whether it holds the invoice (invoice-messages.ts). The row stays 開立中,
// and the cron hands it on for another round (requeue.ts), asking with the same MerchantOrderNo, so there is never a
// second invoice. Each such round doubles the wait before the next: 30 minutes, 1 hour, 2, 4, then every 6 hours
// (unanswered_rounds and next_round_at, migration 0027). Once the invoice has waited more than 24 hours since it was
// first asked without an answer (unanswered_at), every such round writes one error line, `invoice_unanswered_alert`,
// for an operator's alert: the order's number and the hours waited, never the buyer.
import { log } from "~/lib/log.server";
import type { ApiDatabase } from "../api/types";
import { QUEUED_STALE_MS } from "../mail-delivery/requeue";

/** The wait after the first round that ends without an answer: as long as for any lost message. */
export const FIRST_ROUND_WAIT_MS = QUEUED_STALE_MS;
/** The longest wait between two rounds. */
export const MAX_ROUND_WAIT_MS = 6 * 60 * 60_000;
/** How long an invoice may wait 開立中 before each round that ends without an answer raises the alert line. */
export const UNANSWERED_ALERT_AFTER_MS = 24 * 60 * 60_000;
/** The alert line's event, for the operator's log alert. */
export const UNANSWERED_ALERT_EVENT = "invoice_unanswered_alert";

const HOUR_MS = 60 * 60_000;

/** The wait before the next round, after `rounds` rounds (1 or more) ended without an answer. */
export function roundWaitMs(rounds: number): number {
  return Math.min(FIRST_ROUND_WAIT_MS * 2 ** Math.max(rounds - 1, 0), MAX_ROUND_WAIT_MS);
}

/** A round recorded: the row's count of them, when the next is due, and what the alert line names. */
export interface UnansweredRound {
  rounds: number;
  nextRoundAt: number;
  /** Since the invoice was first asked without an answer (or was written, if never marked so). */
  waitedMs: number;
  orderNo: string;
  merchantOrderNo: string;
}

/**
 * The round ended without ezPay's answer: the 開立中 row counts it, records queued_at (now) and when the cron may hand
 * it on again (next_round_at), and, once it has waited past UNANSWERED_ALERT_AFTER_MS, one alert line is written. Null
 * when the row is not 開立中, or another give-up counted this round at the same moment.
 */
export async function recordUnansweredRound(
  db: ApiDatabase,
  invoiceId: number,
  now: Date,
): Promise<UnansweredRound | null> {
  const row = await db
    .prepare(
      `SELECT i.unanswered_rounds, COALESCE(i.unanswered_at, i.created_at) AS since, i.merchant_order_no, o.order_no
         FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE i.id = ?1 AND i.status = 'issuing'`,
    )
    .bind(invoiceId)
    .first<{ unanswered_rounds: number; since: number; merchant_order_no: string; order_no: string }>();
  if (!row) return null;
  const at = now.getTime();
  const rounds = row.unanswered_rounds + 1;
  const nextRoundAt = at + roundWaitMs(rounds);
  const updated = await db
    .prepare(
      `UPDATE invoices SET unanswered_rounds = ?2, next_round_at = ?3, queued_at = ?4
        WHERE id = ?1 AND status = 'issuing' AND unanswered_rounds = ?5 RETURNING id`,
    )
    .bind(invoiceId, rounds, nextRoundAt, at, row.unanswered_rounds)
    .first<{ id: number }>();
  if (!updated) return null;
  const round = {
    rounds,
    nextRoundAt,
    waitedMs: at - row.since,
    orderNo: row.order_no,
    merchantOrderNo: row.merchant_order_no,
  };
  if (round.waitedMs > UNANSWERED_ALERT_AFTER_MS) alertUnanswered(invoiceId, round);
  return round;
}

/** The alert line of a round of an invoice 開立中 for more than 24 hours: ids, counts and hours only. */
export function alertUnanswered(invoiceId: number, round: UnansweredRound): void {
  log.error("einvoice", {
    event: UNANSWERED_ALERT_EVENT,
    invoice_id: invoiceId,
    order_no: round.orderNo,
    merchant_order_no: round.merchantOrderNo,
    hours_waited: Math.floor(round.waitedMs / HOUR_MS),
    rounds: round.rounds,
    next_round_in_minutes: Math.round(roundWaitMs(round.rounds) / 60_000),
  });
}
