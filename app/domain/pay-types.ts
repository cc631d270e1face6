// SPEC §4's payment types: each code by name, with its label beside it, exactly as SPEC §4 writes it. Used by the
// checkout form, the order pages, the built-in API and the payment gateway alike.
//
// Read the codes through the module, the way API_CODE names the envelope's codes:
//   import * as PAY_TYPE from "~/domain/pay-types";   … order.pay_type === PAY_TYPE.transfer
// Each code is a plain exported number, so the bundler writes the number itself where a code is read and no object of
// names reaches the browser (an object's properties are not inlined; the tightest routes have no bytes to spare).

/** 信用卡付款 */
export const creditCard = 1;
/** WebATM轉帳 */
export const webAtm = 2;
/** LINE Pay */
export const linePay = 3;
/** Apple Pay */
export const applePay = 4;
/** 銀聯卡 */
export const unionPay = 5;
/** 貨到付款: paid to the courier, so it has no online payment and no payment deadline. */
export const cashOnDelivery = 6;
/** 專戶匯款: NewebPay's VACC, an account issued per order; forced on overseas orders and orders totalling 0. */
export const transfer = 7;

export type PayType =
  | typeof creditCard
  | typeof webAtm
  | typeof linePay
  | typeof applePay
  | typeof unionPay
  | typeof cashOnDelivery
  | typeof transfer;

/** The label of each pay type (SPEC §4). */
export const PAY_TYPE_LABEL = {
  [creditCard]: "信用卡付款",
  [webAtm]: "WebATM轉帳",
  [linePay]: "LINE Pay",
  [applePay]: "Apple Pay",
  [unionPay]: "銀聯卡",
  [cashOnDelivery]: "貨到付款",
  [transfer]: "專戶匯款",
} as const satisfies Record<PayType, string>;

/** The label of a pay type; "" for one SPEC §4 does not name. */
export function payTypeLabel(payType: number): string {
  return PAY_TYPE_LABEL[payType as PayType] ?? "";
}
