// What an issue's (or a search's) Result says was issued, believed only when it is for this merchant, this
// MerchantOrderNo and this TotalAmt, and its CheckCode signs it under the merchant's keys (EINVOICE.md: verify it
// before storing the invoice). Anything else is an anomaly: nothing is stored, and the invoice is tried again.
import { isIssueCheckCode } from "./check-code";
import type { EzpayMerchant } from "./ezpay-client";
import type { IssuedInvoice } from "./invoice-rows";

const INVOICE_NUMBER = /^[A-Z]{2}\d{8}$/;
const RANDOM_NUM = /^\d{4}$/;
const TAIPEI_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

const textOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** ezPay's CreateTime (Taipei, "2026-11-23 19:05:35") as ISO 8601; `fallback` when it is not one. */
export function isoFromTaipei(createTime: unknown, fallback: Date): string {
  const match = TAIPEI_TIME.exec(textOf(createTime));
  const at = match ? Date.parse(`${match[1]}T${match[2]}+08:00`) : Number.NaN;
  return new Date(Number.isNaN(at) ? fallback.getTime() : at).toISOString();
}

export type IssuedReading = { kind: "issued"; invoice: IssuedInvoice } | { kind: "anomaly"; reason: string };

/** The invoice a SUCCESS Result issued for `order`, or why it must not be believed. */
export async function readIssued(
  result: Record<string, unknown>,
  order: { merchantOrderNo: string; totalAmt: number },
  merchant: EzpayMerchant,
  now: Date,
): Promise<IssuedReading> {
  const signed = {
    InvoiceTransNo: textOf(result.InvoiceTransNo),
    MerchantID: textOf(result.MerchantID),
    MerchantOrderNo: textOf(result.MerchantOrderNo),
    RandomNum: textOf(result.RandomNum),
    TotalAmt: textOf(result.TotalAmt),
  };
  const invoiceNumber = textOf(result.InvoiceNumber);
  if (signed.MerchantID !== merchant.merchantId) return { kind: "anomaly", reason: "another merchant's invoice" };
  if (signed.MerchantOrderNo !== order.merchantOrderNo || signed.TotalAmt !== String(order.totalAmt)) {
    return { kind: "anomaly", reason: "another order's invoice or amount" };
  }
  if (!INVOICE_NUMBER.test(invoiceNumber) || !RANDOM_NUM.test(signed.RandomNum) || !signed.InvoiceTransNo) {
    return { kind: "anomaly", reason: "no invoice number, random number or InvoiceTransNo" };
  }
  if (!(await isIssueCheckCode(signed, textOf(result.CheckCode), merchant.keys))) {
    return { kind: "anomaly", reason: "wrong CheckCode" };
  }
  return {
    kind: "issued",
    invoice: {
      invoiceNumber,
      randomNum: signed.RandomNum,
      invoiceTransNo: signed.InvoiceTransNo,
      issuedAt: isoFromTaipei(result.CreateTime, now),
    },
  };
}
