// One try at an invoice (issue or void) that never throws: D1 unreachable, or a stored request that does not parse,
// becomes a retry. The row this try claimed waits again (its claim released when D1 answers; else it goes stale).
import { failureFields, log } from "~/lib/log.server";
import { type InvoiceOutcome, RETRY } from "./invoice-outcome";

export async function guardedTry(
  where: string,
  invoiceId: number,
  run: (claim: { held: boolean }) => Promise<InvoiceOutcome>,
  release: () => Promise<unknown>,
): Promise<InvoiceOutcome> {
  const claim = { held: false };
  try {
    return await run(claim);
  } catch (error) {
    log.error(where, { event: "retry", invoice_id: invoiceId, code: RETRY.error, ...failureFields(error) });
    if (claim.held) await release().catch(() => undefined);
    return { kind: "retry", code: RETRY.error, reason: String(error) };
  }
}
