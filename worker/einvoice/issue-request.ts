// What invoice_issue is asked for one paid order (EINVOICE.md): the buyer's invoice choice of the checkout (SPEC §5,
// the order's details) mapped to ezPay's fields, and the amounts split once (app/domain/einvoice-amounts.ts). Built
// when the order becomes paid and kept with the invoice row, so every retry asks for exactly the same invoice.
//   捐贈 (invoice_type 1)            → B2C, LoveCode, PrintFlag N
//   會員載具 (2, carrier type 1)     → B2C, CarrierType 2 with the member's stable carrier id, BuyerEmail
//   手機條碼 (2, carrier type 2)     → B2C, CarrierType 0 with the barcode
//   自然人憑證 (2, carrier type 3)   → B2C, CarrierType 1 with the certificate code
//   公司戶 (3)                       → B2B, BuyerUBN and the company's name, amounts before tax, PrintFlag Y
import { einvoiceAmounts, einvoiceItemFields, TAX_RATE } from "~/domain/einvoice-amounts";
import { applicableFee } from "~/features/checkout/totals";
import { invoiceOrderNo } from "./invoice-order-no";
import type { EzpayParams } from "./post-data";

/** invoice_issue's Version (EINVOICE.md). */
export const ISSUE_VERSION = "1.5";

/** The invoice kinds as the store keeps and shows them. */
export const INVOICE_KINDS = ["donation", "member-carrier", "mobile-barcode", "certificate", "company"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The orders row's columns (and its items) an invoice is made from. */
export interface InvoiceOrder {
  id: number;
  order_no: string;
  member_id: number;
  member_name: string;
  member_email: string;
  category_type: number;
  area_type: number;
  subtotal: number;
  fee: number;
  no_fee: number;
  discount_price: number;
  fee_extra: number;
  total_revise: number;
  total: number;
  /** orders.details, parsed: the invoice fields of the checkout payload among them. */
  details: Record<string, unknown>;
  items: readonly { title: string; quantity: number; price_sale: number }[];
}

export interface IssueRequest {
  kind: InvoiceKind;
  /** ezPay's MerchantOrderNo for this order. */
  merchantOrderNo: string;
  /** The parameters, without TimeStamp (added at each call). */
  params: Record<string, string | number>;
}

/** An order's details that cannot make an invoice: a programming or data error, named for the log. */
export class InvoiceRequestError extends Error {
  override name = "InvoiceRequestError";
}

/** The member carrier's number at ezPay: stable for the member, and no personal data. */
export const memberCarrierNum = (memberId: number) => `BKMEMBER${String(memberId).padStart(8, "0")}`;

const textOf = (details: Record<string, unknown>, key: string) => {
  const value = details[key];
  return typeof value === "string" ? value.trim() : "";
};

function buyerOf(order: InvoiceOrder): { kind: InvoiceKind } & Record<string, string> {
  const { details } = order;
  const type = Number(details.invoice_type);
  const required = (key: string) => {
    const value = textOf(details, key);
    if (!value) throw new InvoiceRequestError(`order ${order.id}: ${key} is empty`);
    return value;
  };
  if (type === 1) return { kind: "donation", LoveCode: required("invoice_donation"), PrintFlag: "N" };
  if (type === 3) {
    return {
      kind: "company",
      BuyerName: required("invoice_company"),
      BuyerUBN: required("invoice_company_tax"),
      PrintFlag: "Y",
    };
  }
  if (type === 2) {
    const carrier = Number(details.invoice_carrier_type);
    if (carrier === 1)
      return {
        kind: "member-carrier",
        CarrierType: "2",
        CarrierNum: memberCarrierNum(order.member_id),
        PrintFlag: "N",
      };
    if (carrier === 2) {
      return {
        kind: "mobile-barcode",
        CarrierType: "0",
        CarrierNum: required("invoice_carrier_mobile"),
        PrintFlag: "N",
      };
    }
    if (carrier === 3) {
      return { kind: "certificate", CarrierType: "1", CarrierNum: required("invoice_carrier_card"), PrintFlag: "N" };
    }
  }
  throw new InvoiceRequestError(`order ${order.id}: no invoice choice it can be issued with`);
}

/** The invoice to issue for a paid order; null when it totals 0 (no invoice). */
export function issueRequest(order: InvoiceOrder): IssueRequest | null {
  const { kind, ...buyer } = buyerOf(order);
  const category = kind === "company" ? "B2B" : "B2C";
  const amounts = einvoiceAmounts({
    category,
    lines: order.items.map((item) => ({ title: item.title, quantity: item.quantity, price: item.price_sale })),
    fee: applicableFee(order),
    discount: order.discount_price,
    fee_extra: order.fee_extra,
    total_revise: order.total_revise,
    total: order.total,
  });
  if (!amounts) return null;
  const merchantOrderNo = invoiceOrderNo(order);
  return {
    kind,
    merchantOrderNo,
    params: {
      RespondType: "JSON",
      Version: ISSUE_VERSION,
      MerchantOrderNo: merchantOrderNo,
      Status: "1",
      Category: category,
      BuyerName: order.member_name,
      BuyerEmail: order.member_email,
      ...buyer,
      TaxType: "1",
      TaxRate: TAX_RATE,
      Amt: amounts.Amt,
      TaxAmt: amounts.TaxAmt,
      TotalAmt: amounts.TotalAmt,
      ...einvoiceItemFields(amounts.items),
      Comment: `訂單編號 ${order.order_no}`,
    } satisfies EzpayParams,
  };
}
