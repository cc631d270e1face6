import { describe, expect, it } from "vitest";
import { choiceOfPayType, E_PAYMENT_CHOICES, PAYMENT_CHOICES, payTypeOfChoice } from "./payment-choice";

describe("the payment form's choices", () => {
  it("are SPEC §4's four choices and two e-payment sub-choices, in order", () => {
    expect(PAYMENT_CHOICES.map((c) => [c.value, c.label])).toEqual([
      [0, "電子支付"],
      [1, "信用卡付款"],
      [2, "信用卡付款(銀聯卡)"],
      [3, "轉帳(僅限WebATM繳費)"],
    ]);
    expect(E_PAYMENT_CHOICES.map((c) => [c.value, c.label])).toEqual([
      [0, "LINE Pay"],
      [1, "Apple Pay"],
    ]);
  });

  it.each([
    ["電子支付 + LINE Pay", 0, 0, 3],
    ["電子支付 + Apple Pay", 0, 1, 4],
    ["信用卡付款", 1, 0, 1],
    ["信用卡付款 (a sub-choice left over does not matter)", 1, 1, 1],
    ["信用卡付款(銀聯卡)", 2, 0, 5],
    ["轉帳(僅限WebATM繳費)", 3, 0, 2],
  ] as const)("%s is pay_type %i", (_, choice, ePayment, payType) => {
    expect(payTypeOfChoice(choice, ePayment)).toBe(payType);
  });

  it("turns every offered pay_type back into the choice that gives it", () => {
    for (const payType of [1, 2, 3, 4, 5]) {
      const { choice, ePayment } = choiceOfPayType(payType);
      expect(payTypeOfChoice(choice, ePayment)).toBe(payType);
    }
    expect(choiceOfPayType(7)).toEqual({ choice: 1, ePayment: 0 });
  });
});
