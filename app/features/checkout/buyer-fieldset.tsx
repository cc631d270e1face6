// 訂購人: the buyer's name and e-mail, filled from the profile and editable.
import { FormField } from "~/components/form-field";
import type { TempOrder } from "~/features/checkout/checkout";
import {
  type CheckoutProblems,
  MEMBER_EMAIL_MAX_LENGTH,
  MEMBER_NAME_MAX_LENGTH,
} from "~/features/checkout/checkout-draft";
import { SECTION_CLASS, SECTION_LEGEND_CLASS } from "./form-section";

interface BuyerFieldsetProps {
  draft: TempOrder;
  change: (patch: Partial<TempOrder>) => void;
  errors: CheckoutProblems;
}

export function BuyerFieldset({ draft, change, errors }: BuyerFieldsetProps) {
  return (
    <fieldset className={`${SECTION_CLASS} md:grid-cols-2 items-start`}>
      <legend className={SECTION_LEGEND_CLASS}>訂購人</legend>
      <FormField
        label="訂購人姓名"
        name="member_name"
        autoComplete="name"
        required
        maxLength={MEMBER_NAME_MAX_LENGTH}
        value={draft.member_name}
        onChange={(e) => change({ member_name: e.target.value })}
        error={errors.member_name}
      />
      <FormField
        label="電子郵件"
        name="member_email"
        type="email"
        autoComplete="email"
        required
        maxLength={MEMBER_EMAIL_MAX_LENGTH}
        value={draft.member_email}
        onChange={(e) => change({ member_email: e.target.value })}
        hint="訂單通知與電子發票會寄到這裡"
        error={errors.member_email}
      />
    </fieldset>
  );
}
