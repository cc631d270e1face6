// NewebPay locks QueryTradeInfo for 4 hours after too many "not found" look-ups (TRA10071, PAYMENT.md). The lock is
// kept in D1, so every isolate and every run of the reconciler waits it out.

import { log } from "~/lib/log.server";
import type { ApiDatabase } from "../types";

export const QUERY_LOCK_MS = 4 * 60 * 60_000;

/** Until when queries are locked, or null when they are not. */
export async function queryLockedUntil(db: ApiDatabase, now: Date): Promise<string | null> {
  const row = await db
    .prepare("SELECT locked_until FROM payment_query_lock WHERE id = 1 AND locked_until > ?1")
    .bind(now.toISOString())
    .first<{ locked_until: string }>();
  return row?.locked_until ?? null;
}

export async function lockQueries(db: ApiDatabase, now: Date): Promise<string> {
  const until = new Date(now.getTime() + QUERY_LOCK_MS).toISOString();
  await db
    .prepare(
      `INSERT INTO payment_query_lock (id, locked_until) VALUES (1, ?1)
       ON CONFLICT (id) DO UPDATE SET locked_until = excluded.locked_until`,
    )
    .bind(until)
    .run();
  log.warn("payment-query", { message: "QueryTradeInfo locked (TRA10071)", until });
  return until;
}
