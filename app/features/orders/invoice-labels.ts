// Invoice labels of SPEC §3 (invoice kinds, carriers, donation charities), exactly as written there; apart from the
// catalogue labels (labels.ts) so catalogue pages do not carry them. Order statuses and pay types, with their labels,
// are in app/domain/order-statuses.ts and app/domain/pay-types.ts.

export const DONATION_CHARITIES = [
  { code: "5617", name: "財團法人人間文教基金會" },
  { code: "9283880", name: "財團法人宜蘭縣私立蘭陽仁愛之家" },
] as const;

/** Invoice kinds of the checkout (SPEC §3 invoice_type): 1 donation, 2 carrier, 3 company. */
export const INVOICE_TYPE_LABEL = { 1: "捐贈發票", 2: "電子發票載具", 3: "公司戶發票" } as const;

/** Carrier kinds of an e-invoice (invoice_carrier_type): 1 the member's own, 2 mobile barcode, 3 certificate. */
export const INVOICE_CARRIER_LABEL = { 1: "會員載具", 2: "手機條碼", 3: "自然人憑證" } as const;
