// Labels of SPEC §3–§4, exactly as written there.

export const CONTRIBUTOR_ROLE_LABEL = { 1: "作者", 2: "譯者", 3: "繪者", 4: "編者" } as const;
export type ContributorRole = keyof typeof CONTRIBUTOR_ROLE_LABEL;

export const PRODUCT_FORMAT_LABEL = { 1: "紙書", 2: "電子書", 3: "有聲書", 4: "商品" } as const;
export type ProductFormat = keyof typeof PRODUCT_FORMAT_LABEL;

export const NEWS_TYPE_LABEL = { 1: "活動快訊", 2: "系統公告", 3: "客服中心" } as const;

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

/** Contributors grouped by role in role order (作者, 譯者, 繪者, 編者), keeping their order within a role. */
export function groupContributorsByRole<T extends { role: ContributorRole }>(
  contributors: readonly T[],
): { role: ContributorRole; label: string; people: T[] }[] {
  const roles = Object.keys(CONTRIBUTOR_ROLE_LABEL).map(Number) as ContributorRole[];
  return roles
    .map((role) => ({
      role,
      label: CONTRIBUTOR_ROLE_LABEL[role],
      people: contributors.filter((c) => c.role === role),
    }))
    .filter((group) => group.people.length > 0);
}

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
