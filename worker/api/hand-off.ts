// The built-in API hands what its committed batches wrote to the work after the reply: mail to the mail queue
// (worker/mail-delivery/handoff.ts) and invoices to the invoice queue (worker/einvoice/handoff.ts), through the queue
// bindings the worker passes it beside DB.
import { handOffInvoices } from "../einvoice/handoff";
import { handOffMail } from "../mail-delivery/handoff";
import { type ApiContext, afterReply } from "./after-reply";
import type { Writes } from "./writes";

/** Hands the mail and invoice ids `written` (taken out of it, so a second hand-off sends nothing twice), after the reply. */
export async function handOff(c: ApiContext, written: Partial<Pick<Writes, "mail" | "invoices">>): Promise<void> {
  const mail = written.mail?.splice(0) ?? [];
  const invoices = written.invoices?.splice(0) ?? [];
  if (mail.length > 0) await afterReply(c, handOffMail(c.env.DB, c.env.MAIL_QUEUE, mail));
  if (invoices.length > 0) await afterReply(c, handOffInvoices(c.env.DB, c.env.EINVOICE_QUEUE, invoices));
}
