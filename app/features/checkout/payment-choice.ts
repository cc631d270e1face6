// SPEC §4's payment form: four choices (values 0–3) and, under 電子支付, two sub-choices (LINE Pay 0, Apple Pay 1).
// One function turns what the reader chose into the order's pay_type; another turns a pay_type back into the form.

import type { PayType } from "~/domain/pay-types";
import * as PAY_TYPE from "~/domain/pay-types";

export const PAYMENT_CHOICES = [
  { value: 0, label: "電子支付" },
  { value: 1, label: "信用卡付款" },
  { value: 2, label: "信用卡付款(銀聯卡)" },
  { value: 3, label: "轉帳(僅限WebATM繳費)" },
] as const;

export const E_PAYMENT_CHOICES = [
  { value: 0, label: "LINE Pay" },
  { value: 1, label: "Apple Pay" },
] as const;

export type PaymentChoice = (typeof PAYMENT_CHOICES)[number]["value"];
export type EPaymentChoice = (typeof E_PAYMENT_CHOICES)[number]["value"];

/** The pay types the form offers (貨到付款 and 專戶匯款 are not chosen here). */
type OfferedPayType = Exclude<PayType, typeof PAY_TYPE.cashOnDelivery | typeof PAY_TYPE.transfer>;

/** 電子支付 + LINE Pay 3, 電子支付 + Apple Pay 4, 信用卡付款 1, 銀聯卡 5, WebATM 2. */
export function payTypeOfChoice(choice: PaymentChoice, ePayment: EPaymentChoice = 0): OfferedPayType {
  switch (choice) {
    case 0:
      return ePayment === 1 ? PAY_TYPE.applePay : PAY_TYPE.linePay;
    case 1:
      return PAY_TYPE.creditCard;
    case 2:
      return PAY_TYPE.unionPay;
    case 3:
      return PAY_TYPE.webAtm;
  }
}

/** The form state that gives `payType`; pay types the form does not offer (6, 7) fall back to the default, 信用卡付款. */
export function choiceOfPayType(payType: number): { choice: PaymentChoice; ePayment: EPaymentChoice } {
  switch (payType) {
    case PAY_TYPE.linePay:
      return { choice: 0, ePayment: 0 };
    case PAY_TYPE.applePay:
      return { choice: 0, ePayment: 1 };
    case PAY_TYPE.unionPay:
      return { choice: 2, ePayment: 0 };
    case PAY_TYPE.webAtm:
      return { choice: 3, ePayment: 0 };
    default:
      return { choice: 1, ePayment: 0 };
  }
}
