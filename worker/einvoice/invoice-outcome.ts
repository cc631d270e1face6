// What one try at an invoice (issue or void) came to, for the invoice queue's consumer:
//   done    nothing more to do for this message (issued, voided, nothing to claim, or, its retries spent, an invoice
//           ezPay may hold left 開立中 for the cron to hand on later): ack it; `mail` holds the outbox ids it wrote
//           (電子發票開立通知), for the consumer to hand to the mail queue
//   retry   try again later with backoff; `code` is ezPay's (NOR10001, CBC10004) or one of ours below
//   failed  given up: ezPay refused it for good, and the row says so with ezPay's code
import { log } from "~/lib/log.server";

export type InvoiceOutcome =
  | { kind: "done"; mail?: number[] }
  | { kind: "retry"; code: string; reason: string }
  | { kind: "failed"; code: string; message: string };

/** ezPay's refusals that are its own passing trouble: the same request is asked again later (EINVOICE.md). */
export const RETRY_CODES: ReadonlySet<string> = new Set(["NOR10001", "CBC10004"]);

/** The codes of the retries that are not ezPay's own refusals. */
export const RETRY = {
  /** No EZPAY_* credentials: the invoice waits as 待開立 until they are set (never given up for this). */
  notConfigured: "NOT_CONFIGURED",
  /** No reply, or one that could not be read (timeout, HTTP status, cut-off JSON). */
  unreachable: "UNREACHABLE",
  /** A SUCCESS reply that must not be believed (its CheckCode, another order or amount). */
  anomaly: "ANOMALY",
  /** ezPay said LIB10003 (issued already) but invoice_search did not give it back. */
  search: "SEARCH",
  /** The store's own trouble (D1 unreachable, a stored request that does not parse). */
  error: "ERROR",
} as const;

export const NOT_CONFIGURED_REASON = "ezPay is not configured";

export const DONE: InvoiceOutcome = { kind: "done" };

/**
 * Without ezPay's credentials nothing is asked: an invoice that `waits` (to be issued, or voided) stays as it is, to
 * be offered again (the cron; never given up for this), and one line says so. Done for one that waits for nothing.
 */
export function notConfigured(where: string, invoiceId: number, waits: boolean): InvoiceOutcome {
  if (!waits) return DONE;
  log.warn(where, { event: "retry", invoice_id: invoiceId, code: RETRY.notConfigured });
  return { kind: "retry", code: RETRY.notConfigured, reason: NOT_CONFIGURED_REASON };
}
