// How long an issued e-invoice can still be voided (作廢). A 統一發票 belongs to a bimonthly period (Jan–Feb, Mar–Apr,
// …, Nov–Dec) by its Taipei issue date, and is filed with the tax office by the 15th of the month after the period; once
// filed it can no longer be voided, only corrected by a 折讓 allowance, which this store does not do online (ezPay
// answers LIB10008 超過可作廢期限). We stop at the 13th (inclusive, Taipei date) of the month after the period: a
// margin before the filing deadline, so a void asked on the last day is still answered by ezPay before it.
// Framework-free; the order state machine asks it whether a paid order may still be cancelled online.

/** Taiwan has had no daylight saving since 1979: its dates are UTC+8 (worker/api/taipei-time.ts says the same). */
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The last day (inclusive) of the month after the period on which an invoice can be voided. */
export const LAST_VOID_DAY_OF_MONTH = 13;

/**
 * The first moment an invoice issued at `issuedAt` can no longer be voided: 00:00 Taipei time on the 14th of the month
 * after its bimonthly period (an invoice of 2025-08-20, July–August, can be voided until 2025-09-13 23:59:59 Taipei time).
 */
export function voidClosesAt(issuedAt: Date): Date {
  const local = new Date(issuedAt.getTime() + TAIPEI_OFFSET_MS);
  // Months counted from 0: the period's second month is the odd one (Feb = 1, Apr = 3, … Dec = 11).
  const periodEnd = local.getUTCMonth() | 1;
  // Date.UTC carries month 12 into January of the next year.
  return new Date(Date.UTC(local.getUTCFullYear(), periodEnd + 1, LAST_VOID_DAY_OF_MONTH + 1) - TAIPEI_OFFSET_MS);
}

/** Whether an invoice issued at `issuedAt` can still be voided at `now`. */
export const canStillVoid = (issuedAt: Date, now: Date): boolean => now.getTime() < voidClosesAt(issuedAt).getTime();

/** An order's invoice as the void deadline needs it (the invoices row, migration 0021). */
export interface InvoiceVoidFacts {
  /** The row's state: pending, issuing, issued, failed, voiding, voided, void-failed, unneeded. */
  status: string;
  /** When ezPay issued it (ISO), once issued. */
  issued_at: string | null;
  /** When the row was written (ms since the epoch): the earliest date ezPay can have issued it. */
  created_at: number;
}

/**
 * Whether the order's invoice exists at ezPay, or may, and can no longer be voided at `now`. An issued invoice is
 * judged by its issue date. One 開立中 (asked at least once without an answer, worker/einvoice/invoice-rows.ts) may
 * exist at ezPay with a date we do not know yet: it is judged by the day its row was written, the earliest it can
 * bear, so an old order is refused rather than promised a void ezPay would refuse (its real date is almost always that
 * day: an invoice is asked for within minutes of the payment). One 待開立 was never issued (every request it sent was
 * answered without an invoice, or none was sent) and is simply not issued once its order ends (不需開立); one that
 * failed, was voided or is not needed holds nothing to void: none of these is past it.
 */
export function pastVoidDeadline(invoice: InvoiceVoidFacts, now: Date): boolean {
  if (invoice.status === "issued" && invoice.issued_at !== null) {
    return !canStillVoid(new Date(invoice.issued_at), now);
  }
  return invoice.status === "issuing" && !canStillVoid(new Date(invoice.created_at), now);
}
