// Kept claims of a payment of another amount (payment_attempts.claimed_amount and claim_next_check_at, migrations
// 0024 and 0026): a signed notify claimed the gateway took an amount that is not the attempt's, and QueryTradeInfo
// could not confirm it then. How long such a claim is kept and asked about, how often, and the one line that says a
// claim was dropped unconfirmed. The notify keeps them (worker/api/routes/newebpay.ts); the reconciler asks about
// them (reconciler.ts).
import { log } from "~/lib/log.server";
import type { AttemptOfOrder } from "../queries/payments";
import { RETRY_WINDOW_MS } from "./payment-rules";

/**
 * A kept claim that the gateway has not answered for good is asked about until this long after its attempt's
 * deadline: as long as a failed payment may be tried again.
 */
export const CLAIM_WINDOW_MS = RETRY_WINDOW_MS;
const FIRST_CLAIM_BACKOFF_MS = 2 * 60_000;
const MAX_CLAIM_BACKOFF_MS = 60 * 60_000;

/** The end of a claim's window, CLAIM_WINDOW_MS past its attempt's deadline; null without a deadline (none kept). */
export function claimWindowEnd(deadlineAt: string | null): Date | null {
  if (!deadlineAt) return null;
  const deadline = Date.parse(deadlineAt);
  return Number.isNaN(deadline) ? null : new Date(deadline + CLAIM_WINDOW_MS);
}

/** Whether a claim on an attempt with this deadline may still be kept at `now`. */
export function withinClaimWindow(now: Date, deadlineAt: string | null): boolean {
  const end = claimWindowEnd(deadlineAt);
  return end !== null && now.getTime() < end.getTime();
}

/**
 * When to ask again about a claim the gateway says is not paid yet, after `claimChecks` such answers: 2, 4, 8 …
 * minutes on, at most hourly, as an issued transfer account is asked; never after its window's end, when it is asked
 * one last time.
 */
export function nextClaimCheckAt(now: Date, claimChecks: number, deadlineAt: string | null): Date {
  const backoff = now.getTime() + Math.min(FIRST_CLAIM_BACKOFF_MS * 2 ** claimChecks, MAX_CLAIM_BACKOFF_MS);
  const end = claimWindowEnd(deadlineAt);
  return new Date(end ? Math.min(backoff, end.getTime()) : backoff);
}

/** The one line that says a claim was dropped (or not kept) without the gateway confirming it: ids and amounts only. */
export function logClaimNotConfirmed(
  where: string,
  attempt: Pick<AttemptOfOrder, "order_id" | "merchant_order_no" | "amount">,
  claimed: number,
  reason: string,
) {
  log.error(where, {
    event: "claimed payment of another amount not confirmed",
    order_id: attempt.order_id,
    merchant_order_no: attempt.merchant_order_no,
    amount: attempt.amount,
    claimed_amount: claimed,
    reason,
  });
}
