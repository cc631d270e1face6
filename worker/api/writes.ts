// What one request's (or one cron run's) committed batches wrote for the work after the reply: the outbox ids of its
// mail and the ids of the invoices to issue or void, each handed to its queue at the end (hand-off.ts); and the
// site its mail links to.
import type { WorkerConfig } from "../config";
import type { MailSite } from "../mail/message";
import { mailSite } from "./mail";

export interface Writes {
  site: MailSite;
  /** mail_outbox ids. */
  mail: number[];
  /** invoices ids. */
  invoices: number[];
}

export const writesFor = (config: Pick<WorkerConfig, "siteTitle" | "siteUrl">): Writes => ({
  site: mailSite(config),
  mail: [],
  invoices: [],
});

/** The ids a batch statement's `RETURNING id` gave (none when its condition did not hold). */
export function returnedIds(result: D1Result | undefined): number[] {
  return ((result?.results ?? []) as { id?: unknown }[]).map((row) => Number(row.id)).filter(Number.isInteger);
}

/** Adds the outbox ids a batch's `queueMailWhen` statement wrote. */
export function noteMail(writes: Writes | undefined, result: D1Result | undefined): void {
  writes?.mail.push(...returnedIds(result));
}

/** Adds the invoice ids a batch's statement wrote (its rows' `id`, as RETURNING id gives them). */
export function noteInvoices(writes: Writes | undefined, result: D1Result | undefined): void {
  writes?.invoices.push(...returnedIds(result));
}
