// What an order's payment attempts say about paying it again (payment-rules.ts): whether one may still be paid, whether
// that one is an issued transfer account, and how many there were. Read by 重新付款 and by the 付款失敗 mail.
import type { ApiDatabase } from "../types";

/** States in which an attempt may still be paid (before its deadline). */
export const LIVE_STATES = ["open", "account_issued"] as const;
export const LIVE_SQL = `state IN ('open', 'account_issued')`;

/** The facts a retry is decided on (payment-rules.ts): a live attempt, whether it is an issued account, the count. */
export async function attemptsFacts(db: ApiDatabase, orderId: number, now: Date) {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS attempts,
              MAX(${LIVE_SQL} AND deadline_at > ?2) AS live,
              MAX(state = 'account_issued' AND deadline_at > ?2) AS account_issued
         FROM payment_attempts WHERE order_id = ?1`,
    )
    .bind(orderId, now.toISOString())
    .first<{ attempts: number; live: number | null; account_issued: number | null }>();
  return { live: row?.live === 1, accountIssued: row?.account_issued === 1, attempts: row?.attempts ?? 0 };
}
