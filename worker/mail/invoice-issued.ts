// 電子發票開立通知 (issue 24): the e-invoice of a paid order was issued. Written in the batch that records ezPay's
// reply (worker/einvoice/invoice-rows.ts recordIssued), only when the row becomes 已開立 (not when its order ended
// meanwhile and it is voided next). Read from the orders row (order_no, member_name, member_email, details) and the
// invoices row (its total) with ezPay's number and time.
import { readOrderDetails } from "~/features/orders/order-details";
import { formatDate, formatPrice } from "~/lib/format";
import { composeMail, facts, type MailMessage, type MailSite, paragraph } from "./message";
import { greeting, type OrderMailBase, orderPageLink, orderSubject } from "./order-parts";

export interface InvoiceIssuedInput extends OrderMailBase {
  /** orders.details, parsed: the buyer's invoice choice. */
  details: Record<string, unknown>;
  /** invoices.total_amt: the invoice's amount, tax included. */
  total: number;
  /** The invoice number (字軌號碼). */
  invoice_number: string;
  /** When ezPay issued it (ISO). */
  issued_at: string;
}

/** Where the invoice went, by the buyer's choice: what the reader can do with it. */
function whereItWent(details: Record<string, unknown>): string {
  const type = Number(details.invoice_type);
  const carrier = Number(details.invoice_carrier_type);
  if (type === 1) return "這張發票已依您的選擇捐贈，不另寄送紙本。";
  if (type === 3) return "公司戶發票依上列統一編號開立；如需協助，請聯絡客服。";
  if (carrier === 2) return "發票已存入您的手機條碼載具，可在財政部電子發票整合服務平台或「統一發票兌獎」App 查詢。";
  if (carrier === 3) return "發票已存入您的自然人憑證載具，可在財政部電子發票整合服務平台查詢。";
  return "發票已存入本店的會員載具，可在訂單明細查看；若發票中獎，我們會通知您。";
}

export function invoiceIssuedMail(site: MailSite, order: InvoiceIssuedInput): MailMessage {
  const choice = readOrderDetails(order.details).invoice;
  return composeMail(site, {
    to: order.member_email,
    subject: orderSubject(site, "電子發票開立通知", order.order_no),
    title: "電子發票開立通知",
    blocks: [
      greeting(order),
      paragraph("您訂單的電子發票已開立。"),
      facts([
        { label: "訂單編號", value: order.order_no },
        { label: "發票號碼", value: order.invoice_number },
        { label: "開立日期", value: formatDate(order.issued_at) },
        { label: "發票金額", value: formatPrice(order.total) },
        ...(choice ? [{ label: "發票類型", value: choice.label }, ...choice.fields] : []),
      ]),
      paragraph(whereItWent(order.details)),
      orderPageLink(order),
    ],
  });
}
