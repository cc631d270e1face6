// invoice_invalid (Version 1.0) as the stand-in answers it: the invoice voided once, with its reason.
import { taipeiTime } from "../dev-payment/taipei-time";
import { type Answer, type ApiCall, answer, DOWN, refused, succeeded } from "./call";
import { INVALID_REASON_MAX, refusal } from "./errors";
import { findByNumber, voidInvoice } from "./invoices-table";
import { signedFields } from "./issue";
import { isDownFor } from "./switches-table";

export const INVALID_VERSION = "1.0";
export const INVOICE_NUMBER_PATTERN = /^[A-Z]{2}\d{8}$/;

/** POST /Api/invoice_invalid's own part (after the form and the envelope). */
export async function invalidate({ db, params, merchant, switches, now }: ApiCall): Promise<Answer> {
  const invoiceNumber = params.get("InvoiceNumber") ?? "";
  if (!INVOICE_NUMBER_PATTERN.test(invoiceNumber)) {
    return refused(refusal("INV70001", "發票號碼（InvoiceNumber）須為 2 個大寫英文字母加 8 個數字"));
  }
  const invoice = await findByNumber(db, invoiceNumber);
  if (isDownFor(switches, invoice?.merchant_order_no ?? null)) return DOWN;
  const reason = params.get("InvalidReason") ?? "";
  const length = Array.from(reason).length;
  if (!reason.trim() || length > INVALID_REASON_MAX) {
    return refused(refusal("INV70001", `作廢原因（InvalidReason）須為 1 到 ${INVALID_REASON_MAX} 個字`));
  }
  if (!invoice) return refused(refusal("INV20006", `沒有發票 ${invoiceNumber}`));
  const voided = await voidInvoice(db, invoiceNumber, reason, taipeiTime(now));
  if (!voided) return refused(refusal("LIB10005", `${invoiceNumber} 已於 ${invoice.invalid_time ?? "稍早"} 作廢`));
  const { CheckCode } = await signedFields(voided, merchant);
  return answer(
    succeeded("作廢成功", {
      MerchantID: merchant.merchantId,
      InvoiceNumber: voided.invoice_number,
      CreateTime: voided.invalid_time ?? "",
      CheckCode,
    }),
  );
}
