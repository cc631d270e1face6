// Order labels of SPEC §3–§4 (statuses, pay types, invoices, donation charities), exactly as written there; apart
// from the catalogue labels (labels.ts) so catalogue pages do not carry them.

/** Order status by index; 0 is blank. */
export const ORDER_STATUS_LABEL = [
  "",
  "訂單待確認",
  "交易中斷",
  "交易失敗",
  "訂單待進貨",
  "完成付款",
  "取消訂單",
  "出貨完畢",
  "退貨處理中",
  "部分退貨",
  "全部退貨",
] as const;

export const PAY_TYPE_LABEL = {
  1: "信用卡付款",
  2: "WebATM轉帳",
  3: "LINE Pay",
  4: "Apple Pay",
  5: "銀聯卡",
  6: "貨到付款",
  7: "專戶匯款",
} as const;

export const DONATION_CHARITIES = [
  { code: "5617", name: "財團法人人間文教基金會" },
  { code: "9283880", name: "財團法人宜蘭縣私立蘭陽仁愛之家" },
] as const;

/** Invoice kinds of the checkout (SPEC §3 invoice_type): 1 donation, 2 carrier, 3 company. */
export const INVOICE_TYPE_LABEL = { 1: "捐贈發票", 2: "電子發票載具", 3: "公司戶發票" } as const;

/** Carrier kinds of an e-invoice (invoice_carrier_type): 1 the member's own, 2 mobile barcode, 3 certificate. */
export const INVOICE_CARRIER_LABEL = { 1: "會員載具", 2: "手機條碼", 3: "自然人憑證" } as const;

/** The label of an order status index; "" for one SPEC §4 does not name. */
export function orderStatusLabel(status: number): string {
  return ORDER_STATUS_LABEL[status] ?? "";
}

/** The label of a pay type; "" for one SPEC §4 does not name. */
export function payTypeLabel(payType: number): string {
  return PAY_TYPE_LABEL[payType as keyof typeof PAY_TYPE_LABEL] ?? "";
}
