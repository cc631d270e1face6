// invoice_issue (Version 1.5) as the stand-in answers it: the fields and the arithmetic checked as ezPay checks them,
// redone from the request alone (never with the store's own split), then a number issued, stored and signed.

import { taipeiTime } from "../dev-payment/taipei-time";
import { issueCheckCode } from "../einvoice/check-code";
import { type Answer, type ApiCall, answer, DOWN, refused, succeeded } from "./call";
import { type Refusal, refusal } from "./errors";
import { BARCODE_PATTERN, LOVE_CODE_PATTERN } from "./existence";
import { type InvoicedItem, type InvoiceRequest, recordInvoice, type StoredInvoice } from "./invoices-table";
import { isDownFor, takeLostReply } from "./switches-table";

export const ISSUE_VERSION = "1.5";

export const MERCHANT_ORDER_NO_PATTERN = /^[A-Za-z0-9_]{1,20}$/;
/** A natural-person certificate's carrier: 2 upper-case letters and 14 digits. */
const CERTIFICATE_PATTERN = /^[A-Z]{2}\d{14}$/;
/** ezPay's own carrier (the store's member carrier): a stable id, 1–64 printable ASCII characters. */
const EZPAY_CARRIER_PATTERN = /^[\x21-\x7e]{1,64}$/;
const UBN_PATTERN = /^\d{8}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BUYER_NAME_MAX = 60;
const AMOUNT = /^\d{1,9}$/;
const SIGNED_AMOUNT = /^-?\d{1,9}$/;
const ITEM_COUNT = /^[1-9]\d{0,8}$/;
const ITEM_LISTS = ["ItemName", "ItemCount", "ItemUnit", "ItemPrice", "ItemAmt"] as const;

const characters = (value: string) => Array.from(value).length;

/** round(total / 1.05) in whole numbers: floor((200·total + 105) / 210), never a tie for a whole total. */
const beforeTax = (total: number) => Math.floor((200 * total + 105) / 210);

type Buyer = Pick<
  InvoiceRequest,
  "category" | "buyerName" | "buyerUbn" | "buyerEmail" | "carrierType" | "carrierNum" | "loveCode" | "printFlag"
>;

/** The buyer, the carrier or love code and PrintFlag, agreeing as EINVOICE.md says; INV10013 otherwise. */
function readBuyer(get: (name: string) => string): Buyer | Refusal {
  const bad = (detail: string) => refusal("INV10013", detail);
  if (get("Status") !== "1") return bad("Status 須為 1（立即開立）");
  const category = get("Category");
  if (category !== "B2C" && category !== "B2B") return bad("Category 須為 B2C 或 B2B");
  const buyerName = get("BuyerName");
  if (!buyerName.trim() || characters(buyerName) > BUYER_NAME_MAX) {
    return bad(`買受人名稱（BuyerName）須為 1 到 ${BUYER_NAME_MAX} 個字`);
  }
  const buyerUbn = get("BuyerUBN");
  if (category === "B2B" && !UBN_PATTERN.test(buyerUbn)) return bad("B2B 發票須有 8 位數字的統一編號（BuyerUBN）");
  if (category === "B2C" && buyerUbn !== "") return bad("B2C 發票不可填統一編號（BuyerUBN）");
  const buyerEmail = get("BuyerEmail");
  if (buyerEmail !== "" && !EMAIL_PATTERN.test(buyerEmail)) return bad("買受人電子信箱（BuyerEmail）格式錯誤");
  const carrierType = get("CarrierType");
  if (carrierType !== "" && carrierType !== "0" && carrierType !== "1" && carrierType !== "2") {
    return bad("載具類別（CarrierType）須為 0、1、2 或空白");
  }
  const carrierNum = get("CarrierNum");
  if (carrierType === "" && carrierNum !== "") return bad("沒有載具類別（CarrierType）時不可填載具編號（CarrierNum）");
  if (carrierType === "0" && !BARCODE_PATTERN.test(carrierNum)) {
    return bad("手機條碼（CarrierType 0）的 CarrierNum 須為 / 加 7 碼（數字、大寫英文字母、. + -）");
  }
  if (carrierType === "1" && !CERTIFICATE_PATTERN.test(carrierNum)) {
    return bad("自然人憑證條碼（CarrierType 1）的 CarrierNum 須為 2 個大寫英文字母加 14 個數字");
  }
  if (carrierType === "2" && !EZPAY_CARRIER_PATTERN.test(carrierNum)) {
    return bad("ezPay 載具（CarrierType 2）的 CarrierNum 須為 1 到 64 個半形字元");
  }
  if (carrierType === "2" && buyerEmail === "")
    return bad("ezPay 載具（CarrierType 2）須有買受人電子信箱（BuyerEmail）");
  const loveCode = get("LoveCode");
  if (loveCode !== "" && !LOVE_CODE_PATTERN.test(loveCode)) return bad("捐贈碼（LoveCode）須為 3 到 7 位數字");
  if (carrierType !== "" && loveCode !== "") return bad("載具與捐贈碼只能擇一");
  const printFlag = get("PrintFlag");
  if (printFlag !== "Y" && printFlag !== "N") return bad("索取紙本發票（PrintFlag）須為 Y 或 N");
  const kept = carrierType !== "" || loveCode !== "";
  if (category === "B2B" && kept) return bad("B2B 發票不可使用載具或捐贈");
  if (category === "B2B" && printFlag !== "Y") return bad("B2B 發票的索取紙本發票（PrintFlag）須為 Y");
  if (printFlag === "Y" && kept) return bad("有載具或捐贈碼時，索取紙本發票（PrintFlag）須為 N");
  if (printFlag === "N" && !kept) return bad("索取紙本發票（PrintFlag）為 N 時，須有載具或捐贈碼");
  return { category, buyerName, buyerUbn, buyerEmail, carrierType, carrierNum, loveCode, printFlag };
}

/** Amt, TaxAmt and TotalAmt, with the tax type and rate: KEY10015 for their form, INV10012 for their sums. */
function readAmounts(get: (name: string) => string): { amt: number; taxAmt: number; totalAmt: number } | Refusal {
  if (get("TaxType") !== "1") return refusal("INV10012", "課稅別（TaxType）須為 1（應稅）");
  if (get("TaxRate") !== "5") return refusal("INV10012", "稅率（TaxRate）須為 5");
  for (const name of ["Amt", "TaxAmt", "TotalAmt"]) {
    if (!AMOUNT.test(get(name))) return refusal("KEY10015", `${name} 須為 0 以上的整數`);
  }
  const [amt, taxAmt, totalAmt] = [Number(get("Amt")), Number(get("TaxAmt")), Number(get("TotalAmt"))];
  if (totalAmt <= 0) return refusal("KEY10015", "發票總金額（TotalAmt）須大於 0");
  if (amt + taxAmt !== totalAmt) {
    return refusal("INV10012", `銷售額 Amt ${amt} 加稅額 TaxAmt ${taxAmt} 不等於總金額 TotalAmt ${totalAmt}`);
  }
  const expected = beforeTax(totalAmt);
  if (amt !== expected) return refusal("INV10012", `銷售額 Amt 須為 round(TotalAmt / 1.05) = ${expected}，而非 ${amt}`);
  return { amt, taxAmt, totalAmt };
}

/** The items, each ItemAmt = ItemCount × ItemPrice and together `target`: INV10003 for their form, INV10004 for sums. */
function readItems(get: (name: string) => string, target: { name: string; value: number }): InvoicedItem[] | Refusal {
  const lists: string[][] = [];
  for (const name of ITEM_LISTS) {
    if (get(name) === "") return refusal("INV10003", `缺少 ${name}`);
    lists.push(get(name).split("|"));
  }
  const [names = [], counts = [], units = [], prices = [], amounts = []] = lists;
  if (lists.some((list) => list.length !== names.length)) return refusal("INV10003", "商品各欄位的項目數不一致");
  const items: InvoicedItem[] = [];
  for (const [i, name] of names.entries()) {
    const [count = "", unit = "", price = "", amount = ""] = [counts[i], units[i], prices[i], amounts[i]];
    const at = `第 ${i + 1} 項商品`;
    if (!name.trim()) return refusal("INV10003", `${at}沒有名稱（ItemName）`);
    if (!unit.trim()) return refusal("INV10003", `${at}沒有單位（ItemUnit）`);
    if (!ITEM_COUNT.test(count)) return refusal("INV10003", `${at}的數量（ItemCount）須為 1 以上的整數`);
    if (!SIGNED_AMOUNT.test(price)) return refusal("INV10003", `${at}的單價（ItemPrice）須為整數`);
    if (!SIGNED_AMOUNT.test(amount)) return refusal("INV10003", `${at}的小計（ItemAmt）須為整數`);
    items.push({ name, count: Number(count), unit, price: Number(price), amount: Number(amount) });
  }
  for (const [i, item] of items.entries()) {
    if (item.amount !== item.count * item.price) {
      return refusal(
        "INV10004",
        `第 ${i + 1} 項商品的小計 ${item.amount} 不等於數量 ${item.count} × 單價 ${item.price}`,
      );
    }
  }
  const sum = items.reduce((total, item) => total + item.amount, 0);
  if (sum !== target.value) return refusal("INV10004", `商品小計合計 ${sum} 不等於 ${target.name} ${target.value}`);
  return items;
}

/** The issue's request, checked in this order: MerchantOrderNo, buyer and carrier, amounts, items. */
export function readIssue(params: URLSearchParams): InvoiceRequest | Refusal {
  const get = (name: string) => params.get(name) ?? "";
  const merchantOrderNo = get("MerchantOrderNo");
  if (!MERCHANT_ORDER_NO_PATTERN.test(merchantOrderNo)) {
    return refusal("INV10014", "商店自訂編號（MerchantOrderNo）須為 1 到 20 個英文字母、數字或底線");
  }
  const buyer = readBuyer(get);
  if ("code" in buyer) return buyer;
  const amounts = readAmounts(get);
  if ("code" in amounts) return amounts;
  const target =
    buyer.category === "B2C"
      ? { name: "發票總金額 TotalAmt", value: amounts.totalAmt }
      : { name: "銷售額 Amt（B2B 未稅）", value: amounts.amt };
  const items = readItems(get, target);
  if ("code" in items) return items;
  return { merchantOrderNo, ...buyer, ...amounts, items, comment: get("Comment") };
}

/** Four random digits. */
function randomNum(): string {
  const [value = 0] = crypto.getRandomValues(new Uint16Array(1));
  return String(value % 10_000).padStart(4, "0");
}

/** A printed invoice's barcode: the period (ROC year, its even month), the number and the random number. */
function printBarCode(invoice: StoredInvoice): string {
  const [year = 0, month = 1] = invoice.create_time.slice(0, 7).split("-").map(Number);
  const periodMonth = String(Math.ceil(month / 2) * 2).padStart(2, "0");
  return `${year - 1911}${periodMonth}${invoice.invoice_number}${invoice.random_num}`;
}

/** The signed fields of a stored invoice, and its CheckCode. */
export async function signedFields(invoice: StoredInvoice, merchant: ApiCall["merchant"]) {
  const signed = {
    InvoiceTransNo: invoice.invoice_trans_no,
    MerchantID: merchant.merchantId,
    MerchantOrderNo: invoice.merchant_order_no,
    RandomNum: invoice.random_num,
    TotalAmt: invoice.total_amt,
  };
  return { ...signed, CheckCode: await issueCheckCode(signed, merchant.keys) };
}

/** POST /Api/invoice_issue's own part (after the form and the envelope). */
export async function issue({ db, params, merchant, switches, now }: ApiCall): Promise<Answer> {
  if (isDownFor(switches, params.get("MerchantOrderNo") ?? "")) return DOWN;
  const request = readIssue(params);
  if ("code" in request) return refused(request);
  const createTime = taipeiTime(now);
  const transNoPrefix = createTime.replace(/\D/g, "").slice(2);
  const invoice = await recordInvoice(db, request, { randomNum: randomNum(), createTime, transNoPrefix, now });
  if (!invoice)
    return refused(refusal("LIB10003", `${request.merchantOrderNo} 已開立過發票，請以 invoice_search 查詢`));
  const printed = invoice.print_flag === "Y";
  const reply = succeeded("電子發票開立成功", {
    ...(await signedFields(invoice, merchant)),
    InvoiceNumber: invoice.invoice_number,
    CreateTime: invoice.create_time,
    BarCode: printed ? printBarCode(invoice) : "",
    QRCodeL: "",
    QRCodeR: "",
  });
  return (await takeLostReply(db, invoice.merchant_order_no)) ? { kind: "lost", reply } : answer(reply);
}
