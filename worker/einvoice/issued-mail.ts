// 電子發票開立通知 for an invoice ezPay just issued, built before the batch that records it (invoice-rows.ts
// recordIssued writes it there, when the row becomes 已開立). Null when the order is gone, or SITE_URL is empty.

import { type Mail, mailWithLinks } from "../api/mail";
import type { ApiDatabase } from "../api/types";
import { invoiceIssuedMail } from "../mail/invoice-issued";
import type { MailSite } from "../mail/message";
import type { IssuedInvoice } from "./invoice-rows";

interface InvoicedOrder {
  order_no: string;
  member_name: string;
  member_email: string;
  /** orders.details (JSON) */
  details: string;
}

export async function issuedMailFor(
  db: ApiDatabase,
  site: MailSite,
  invoice: { order_id: number; total_amt: number },
  issued: IssuedInvoice,
): Promise<Mail | null> {
  const order = await db
    .prepare("SELECT order_no, member_name, member_email, details FROM orders WHERE id = ?1")
    .bind(invoice.order_id)
    .first<InvoicedOrder>();
  if (!order) return null;
  return mailWithLinks(site, "invoice-issued", (withLinks) =>
    invoiceIssuedMail(withLinks, {
      ...order,
      details: JSON.parse(order.details) as Record<string, unknown>,
      total: invoice.total_amt,
      invoice_number: issued.invoiceNumber,
      issued_at: issued.issuedAt,
    }),
  );
}
