// invoice_search (Version 1.3) as the stand-in answers it, from its own record: SearchType 0 by InvoiceNumber and
// RandomNum, 1 by MerchantOrderNo and TotalAmt. A voided invoice is found too, with InvoiceStatus 2.
import { type Answer, type ApiCall, answer, DOWN, refused, succeeded } from "./call";
import { refusal } from "./errors";
import { INVOICE_NUMBER_PATTERN } from "./invalid";
import { findByNumber, findByOrderNo, type InvoicedItem, type StoredInvoice } from "./invoices-table";
import { MERCHANT_ORDER_NO_PATTERN, signedFields } from "./issue";
import { isDownFor } from "./switches-table";

export const SEARCH_VERSION = "1.3";

/** InvoiceStatus as ezPay's search writes it. */
export const INVOICE_STATUS = { issued: "1", voided: "2" } as const;

/** The invoice as the search answers it. */
async function searchResult(invoice: StoredInvoice, merchant: ApiCall["merchant"]) {
  const items = JSON.parse(invoice.items) as InvoicedItem[];
  return {
    ...(await signedFields(invoice, merchant)),
    InvoiceNumber: invoice.invoice_number,
    InvoiceStatus: invoice.invalid_time === null ? INVOICE_STATUS.issued : INVOICE_STATUS.voided,
    CreateTime: invoice.create_time,
    Category: invoice.category,
    BuyerName: invoice.buyer_name,
    BuyerUBN: invoice.buyer_ubn,
    BuyerEmail: invoice.buyer_email,
    CarrierType: invoice.carrier_type,
    CarrierNum: invoice.carrier_num,
    LoveCode: invoice.love_code,
    PrintFlag: invoice.print_flag,
    TaxType: "1",
    TaxRate: 5,
    Amt: invoice.amt,
    TaxAmt: invoice.tax_amt,
    InvalidReason: invoice.invalid_reason ?? "",
    InvalidTime: invoice.invalid_time ?? "",
    ItemDetail: JSON.stringify(
      items.map((item, i) => ({
        ItemNum: String(i + 1),
        ItemName: item.name,
        ItemCount: item.count,
        ItemWord: item.unit,
        ItemPrice: item.price,
        ItemAmount: item.amount,
        ItemTaxType: "1",
      })),
    ),
    UploadStatus: "1",
  };
}

/** POST /Api/invoice_search's own part (after the form and the envelope). */
export async function search({ db, params, merchant, switches }: ApiCall): Promise<Answer> {
  const get = (name: string) => params.get(name) ?? "";
  let invoice: StoredInvoice | null;
  let asked: (found: StoredInvoice) => boolean;
  let missing: string;
  if (get("SearchType") === "0") {
    const [number, random] = [get("InvoiceNumber"), get("RandomNum")];
    if (!INVOICE_NUMBER_PATTERN.test(number) || !/^\d{4}$/.test(random)) {
      return refused(refusal("INV70001", "SearchType 0 須有發票號碼（InvoiceNumber）與 4 位數字的隨機碼（RandomNum）"));
    }
    invoice = await findByNumber(db, number);
    asked = (found) => found.random_num === random;
    missing = `發票號碼 ${number}、隨機碼 ${random}`;
  } else if (get("SearchType") === "1") {
    const [orderNo, total] = [get("MerchantOrderNo"), get("TotalAmt")];
    if (!MERCHANT_ORDER_NO_PATTERN.test(orderNo) || !/^\d{1,9}$/.test(total)) {
      return refused(refusal("INV70001", "SearchType 1 須有商店自訂編號（MerchantOrderNo）與發票金額（TotalAmt）"));
    }
    invoice = await findByOrderNo(db, orderNo);
    asked = (found) => found.total_amt === Number(total);
    missing = `商店自訂編號 ${orderNo}、金額 ${total}`;
  } else {
    return refused(refusal("INV70001", "查詢方式（SearchType）須為 0 或 1"));
  }
  if (isDownFor(switches, invoice?.merchant_order_no ?? get("MerchantOrderNo"))) return DOWN;
  if (!invoice || !asked(invoice)) return refused(refusal("INV20006", missing));
  return answer(succeeded("查詢成功", await searchResult(invoice, merchant)));
}
