// One try at an invoice (issue or void) that never throws: D1 unreachable, or a stored request that does not parse,
// becomes a retry. The row this try claimed waits again (its claim released when D1 answers; else it goes stale).
import { failureFields, log } from "~/lib/log.server";
import { type InvoiceOutcome, RETRY } from "./invoice-outcome";

/** What a try did before it threw: it holds the row's claim; it sent its request to ezPay (`asked`). */
export interface TryClaim {
  held: boolean;
  asked: boolean;
}

export async function guardedTry(
  where: string,
  invoiceId: number,
  run: (claim: TryClaim) => Promise<InvoiceOutcome>,
  release: (claim: TryClaim) => Promise<unknown>,
): Promise<InvoiceOutcome> {
  const claim: TryClaim = { held: false, asked: false };
  try {
    return await run(claim);
  } catch (error) {
    log.error(where, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    if (claim.held) await release(claim).catch(() => undefined);
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}
