// The codes the stand-in ezPay answers with (Status), each with its Chinese message and when it is given. The ones
// EINVOICE.md names (KEY10002, INV10004, INV10012, LIB10003, LIB10005) mean what it says; the others are ezPay codes
// as public ezPay adapters list them, chosen by the stand-in for the mistakes EINVOICE.md does not give a code to
// (README.md beside this file has the same table). The store may map a Status to Chinese with this table; the reply's
// own Message adds what exactly was wrong after a full-width colon.

export const STAND_IN_EZPAY_ERRORS = {
  KEY10002: {
    message: "資料解密錯誤",
    when: "MerchantID_ is not the configured merchant (or the stand-in has no EZPAY_* credentials), or PostData_ does not decrypt under them",
  },
  KEY10004: {
    message: "資料不齊全",
    when: "RespondType is not JSON, Version is not the call's, TimeStamp is not Unix seconds, or a check misses its CellphoneBarcode / LoveCode",
  },
  KEY10010: { message: "商店代號空白", when: "no MerchantID_ in the form" },
  KEY10011: { message: "PostData_ 欄位空白", when: "no PostData_ in the form" },
  KEY10012: {
    message: "資料傳遞錯誤",
    when: "checkBarCode / checkLoveCode: CheckValue missing or not the PostData_'s",
  },
  KEY10015: {
    message: "發票金額格式錯誤",
    when: "Amt, TaxAmt or TotalAmt not a whole number of 0 or more, or TotalAmt not above 0",
  },
  INV10003: {
    message: "商品資訊格式錯誤或缺少資料",
    when: "item lists missing, of different lengths, an empty ItemName or ItemUnit, ItemCount not a whole number ≥ 1, ItemPrice or ItemAmt not a whole number",
  },
  INV10004: {
    message: "商品資訊的商品小計計算錯誤",
    when: "an ItemAmt ≠ ItemCount × ItemPrice, or the ItemAmts do not add up to TotalAmt (B2C) or Amt (B2B)",
  },
  INV10012: {
    message: "發票金額、課稅別驗證錯誤",
    when: "TaxType not 1, TaxRate not 5, Amt + TaxAmt ≠ TotalAmt, or Amt ≠ round(TotalAmt / 1.05)",
  },
  INV10013: {
    message: "發票欄位資料不齊全或格式錯誤",
    when: "Status not 1; Category, BuyerName, BuyerUBN, BuyerEmail, CarrierType, CarrierNum or LoveCode missing or malformed; PrintFlag and the carrier / love code disagreeing; B2B without PrintFlag Y or with a carrier / love code; CarrierType 2 without BuyerEmail",
  },
  INV10014: { message: "自訂編號格式錯誤", when: "MerchantOrderNo not 1–20 letters, digits and _" },
  INV20006: {
    message: "查無發票資料",
    when: "void of an InvoiceNumber never issued; search finding no invoice (type 0: InvoiceNumber + RandomNum, type 1: MerchantOrderNo + TotalAmt)",
  },
  INV70001: {
    message: "欄位資料格式錯誤",
    when: "void: InvoiceNumber not two letters + 8 digits, InvalidReason empty or over 6 characters; search: SearchType not 0 or 1, or its fields malformed",
  },
  LIB10003: {
    message: "商店自訂編號重覆",
    when: "issue with a MerchantOrderNo already issued (look it up with invoice_search)",
  },
  LIB10005: { message: "發票已作廢過", when: "void of an invoice already voided" },
} as const satisfies Record<string, { message: string; when: string }>;

export type StandInErrorCode = keyof typeof STAND_IN_EZPAY_ERRORS;

/** The longest InvalidReason ezPay takes, in characters (EINVOICE.md: at most 6 Chinese characters). */
export const INVALID_REASON_MAX = 6;

/** A refusal as ezPay's Status and Message, the detail after the code's own message. */
export interface Refusal {
  code: StandInErrorCode;
  message: string;
}

export function refusal(code: StandInErrorCode, detail?: string): Refusal {
  const base = STAND_IN_EZPAY_ERRORS[code].message;
  return { code, message: detail ? `${base}：${detail}` : base };
}
