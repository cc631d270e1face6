// 付款方式: SPEC §4's four choices, with LINE Pay and Apple Pay under 電子支付; the choice makes pay_type. Overseas
// orders and orders totalling 0 are paid by 專戶匯款 (SPEC §9): the choices give way to a sentence saying why, and a
// polite status tells screen-reader users of the change.
import { useId } from "react";
import * as PAY_TYPE from "~/domain/pay-types";
import { PAY_TYPE_LABEL } from "~/domain/pay-types";
import {
  choiceOfPayType,
  E_PAYMENT_CHOICES,
  PAYMENT_CHOICES,
  type PaymentChoice,
  payTypeOfChoice,
} from "~/features/checkout/payment-choice";
import { ChoiceGroup } from "./choice-group";
import { SECTION_CLASS, SECTION_LEGEND_CLASS } from "./form-section";

interface PaymentFieldsetProps {
  payType: number;
  onPayType: (payType: number) => void;
  /** Why the pay type is forced to 專戶匯款, or null when the reader chooses. */
  forcedReason: string | null;
  /** Said by a screen reader when the pay type becomes forced (forcedPayTypeNotice), "" while the reader chooses. */
  forcedNotice: string;
}

export function PaymentFieldset(props: PaymentFieldsetProps) {
  return (
    <>
      <PaymentChoices {...props} />
      {/* The choices giving way to 專戶匯款 (and back) is said politely: the live region stays on the page whichever
          is shown (one that appears with its text is often not read), and its text changes with them. */}
      <p role="status" className="sr-only" data-testid="pay-type-notice">
        {props.forcedNotice}
      </p>
    </>
  );
}

function PaymentChoices({ payType, onPayType, forcedReason }: PaymentFieldsetProps) {
  const { choice, ePayment } = choiceOfPayType(payType);
  const reasonId = useId();
  if (forcedReason) {
    return (
      <fieldset className={SECTION_CLASS} aria-describedby={reasonId}>
        <legend className={SECTION_LEGEND_CLASS}>付款方式</legend>
        <p className="m-0 font-medium">{PAY_TYPE_LABEL[PAY_TYPE.transfer]}</p>
        <p id={reasonId} className="m-0 text-sm text-ink-muted" data-testid="forced-pay-reason">
          {forcedReason}
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset className={SECTION_CLASS}>
      <legend className={SECTION_LEGEND_CLASS}>付款方式</legend>
      <ChoiceGroup
        legend="請選擇付款方式"
        name="pay_choice"
        options={PAYMENT_CHOICES}
        value={choice}
        onChange={(next: PaymentChoice) => onPayType(payTypeOfChoice(next, ePayment))}
        // LINE Pay and Apple Pay belong to 電子支付: under it, indented past its radio button, while it is chosen.
        optionDetail={(option) =>
          option === 0 &&
          choice === 0 && (
            <div className="ml-7 mb-2" data-testid="e-payment-choices">
              <ChoiceGroup
                legend="電子支付方式"
                name="e_payment"
                inline
                options={E_PAYMENT_CHOICES}
                value={ePayment}
                onChange={(next) => onPayType(payTypeOfChoice(0, next))}
              />
            </div>
          )
        }
      />
    </fieldset>
  );
}
