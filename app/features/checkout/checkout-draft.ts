// The checkout form's own checks of the draft (temp order), field by field in the form's order. The messages are the
// API's (worker/api/routes/checkout.ts and address-rules.ts), so the reader sees the same words either way; the
// receiver's address and phone rules are the saved recipients' (recipient-fields.ts), said once.

import * as CATEGORY from "../../domain/categories";
import { characterCount, tidyText } from "../../domain/plain-text";
import { isEmailAddress, tidyEmail } from "../account/email-address";
import { ADDRESS_FIELDS, districtValue, type RecipientField, recipientProblems } from "../account/recipient-fields";
import { DONATION_CHARITIES } from "../orders/invoice-labels";
import type { TempOrder } from "./checkout";
import { INVOICE_FIELDS, isCertificateCarrier, isCompanyTaxId, isMobileCarrier } from "./invoice";

/** The draft's fields a reader fills, in the form's order (focus goes to the first with a problem). */
export const CHECKOUT_FIELDS = [
  "member_name",
  "member_email",
  "receiver",
  ...ADDRESS_FIELDS,
  ...INVOICE_FIELDS,
  "coupon_code",
  "pay_type",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutProblems = Partial<Record<CheckoutField, string>>;

/** Each field's name as the form labels it, to name the fields that need fixing. */
export const CHECKOUT_FIELD_LABEL: Record<CheckoutField, string> = {
  member_name: "訂購人姓名",
  member_email: "電子郵件",
  receiver: "收件人",
  cellphone: "手機",
  area_type: "寄送地區",
  city: "縣市",
  area: "鄉鎮市區",
  country: "國家",
  address: "地址",
  tel_type: "電話類型",
  area_code: "區碼",
  tel: "電話",
  invoice_type: "發票類型",
  invoice_donation: "捐贈單位",
  invoice_carrier_type: "載具類型",
  invoice_carrier_mobile: "手機條碼",
  invoice_carrier_card: "自然人憑證條碼",
  invoice_company: "公司抬頭",
  invoice_company_tax: "統一編號",
  coupon_code: "折價券代碼",
  pay_type: "付款方式",
};

/** The form's message when fields need fixing: how many, and which, by their labels, in the form's order. */
export function problemsSummary(problems: CheckoutProblems): string | null {
  const fields = CHECKOUT_FIELDS.filter((field) => problems[field]);
  if (fields.length === 0) return null;
  return `有 ${fields.length} 個欄位需要修正：${fields.map((field) => CHECKOUT_FIELD_LABEL[field]).join("、")}。請見欄位下方的說明。`;
}

export const MEMBER_NAME_MAX_LENGTH = 50;
export const MEMBER_EMAIL_MAX_LENGTH = 254;
/** ezPay takes a buyer name (BuyerName, the company of a B2B invoice) of at most 60 characters (INV10013 past it). */
export const COMPANY_NAME_MAX_LENGTH = 60;
export const COUPON_CODE_MAX_LENGTH = 40;

/** The receiver's problems, as a saved recipient's (the form calls the receiver 收件人 too). */
function receiverProblems(order: TempOrder): CheckoutProblems {
  const found = recipientProblems({
    name: tidyText(order.receiver),
    cellphone: order.cellphone.trim(),
    area_type: String(order.area_type),
    city: order.city,
    area: order.area ? districtValue(order.city, order.area) : "",
    country: order.country,
    address: tidyText(order.address),
    tel_type: order.tel_type,
    area_code: order.area_code.trim(),
    tel: order.tel.trim(),
    is_default: false,
  });
  const problems: CheckoutProblems = {};
  for (const [field, message] of Object.entries(found) as [RecipientField, string][]) {
    problems[field === "name" ? "receiver" : field] = message;
  }
  return problems;
}

/**
 * What is wrong with the invoice details of `order` (the one that applies to its invoice type), in the form's order:
 * the checkout form's checks and the API's (worker/api/routes/checkout.ts), with the same messages.
 */
export function invoiceProblems(order: TempOrder): CheckoutProblems {
  if (order.invoice_type === 1) {
    if (!order.invoice_donation) return { invoice_donation: "請選擇發票捐贈單位" };
    if (!DONATION_CHARITIES.some((c) => c.code === order.invoice_donation)) {
      return { invoice_donation: "請從清單中選擇發票捐贈單位" };
    }
  }
  if (order.invoice_type === 2) {
    const mobile = order.invoice_carrier_mobile.trim();
    const card = order.invoice_carrier_card.trim();
    if (order.invoice_carrier_type === 2) {
      if (!mobile) return { invoice_carrier_mobile: "請填寫手機條碼" };
      if (!isMobileCarrier(mobile)) return { invoice_carrier_mobile: "手機條碼須為 / 加上 7 碼英數字（大寫）或 . - +" };
    }
    if (order.invoice_carrier_type === 3) {
      if (!card) return { invoice_carrier_card: "請填寫自然人憑證條碼" };
      if (!isCertificateCarrier(card)) {
        return { invoice_carrier_card: "自然人憑證條碼須為 2 個大寫英文字母加 14 位數字" };
      }
    }
  }
  if (order.invoice_type === 3) {
    const problems: CheckoutProblems = {};
    const company = tidyText(order.invoice_company);
    const tax = order.invoice_company_tax.trim();
    if (!company) problems.invoice_company = "請填寫公司抬頭";
    else if (characterCount(company) > COMPANY_NAME_MAX_LENGTH) {
      problems.invoice_company = `公司抬頭 最多 ${COMPANY_NAME_MAX_LENGTH} 個字`;
    }
    if (!tax) problems.invoice_company_tax = "請填寫統一編號";
    else if (!/^\d{8}$/.test(tax)) problems.invoice_company_tax = "統一編號須為 8 位數字";
    else if (!isCompanyTaxId(tax)) problems.invoice_company_tax = "統一編號不正確";
    return problems;
  }
  return {};
}

/** What is wrong with each field the order asks for (digital orders ask no receiver), in the form's order. */
export function checkoutProblems(order: TempOrder): CheckoutProblems {
  const found: CheckoutProblems = {};
  const name = tidyText(order.member_name);
  const email = tidyEmail(order.member_email);
  if (!name) found.member_name = "請填寫訂購人姓名";
  else if (characterCount(name) > MEMBER_NAME_MAX_LENGTH)
    found.member_name = `訂購人姓名 最多 ${MEMBER_NAME_MAX_LENGTH} 個字`;
  if (!email) found.member_email = "請填寫訂購人電子郵件";
  else if (email.length > MEMBER_EMAIL_MAX_LENGTH || !isEmailAddress(email)) {
    found.member_email = "訂購人電子郵件格式不正確";
  }
  if (order.category_type === CATEGORY.physicalType) Object.assign(found, receiverProblems(order));
  Object.assign(found, invoiceProblems(order));
  const ordered: CheckoutProblems = {};
  for (const field of CHECKOUT_FIELDS) if (found[field]) ordered[field] = found[field];
  return ordered;
}
