// 折價券: a code and 套用. The quote prices the applied code; its message (not found, expired, minimum not reached)
// sits beside the field, and what was applied is said once it is priced. Enter in the field applies the code (it
// does not place the order).
import { FormField } from "~/components/form-field";
import { COUPON_CODE_MAX_LENGTH } from "~/features/checkout/checkout-draft";
import { formatPrice } from "~/lib/format";
import { SECTION_CLASS, SECTION_LEGEND_CLASS } from "./form-section";

interface CouponFieldsetProps {
  code: string;
  onCode: (code: string) => void;
  onApply: () => void;
  /** What is wrong with the code (the quote's message, or that it was typed but not applied). */
  error?: string;
  /** The discount of the applied, priced code (0 when none applies). */
  appliedDiscount: number;
  appliedCode: string;
  pending: boolean;
}

export function CouponFieldset(props: CouponFieldsetProps) {
  const { code, onCode, onApply, error, appliedDiscount, appliedCode, pending } = props;
  const applied =
    !error && appliedCode && appliedDiscount > 0 ? `已套用 ${appliedCode}，折抵 ${formatPrice(appliedDiscount)}` : "";
  return (
    <fieldset className={SECTION_CLASS}>
      <legend className={SECTION_LEGEND_CLASS}>折價券</legend>
      <div className="grid gap-2 grid-cols-[minmax(0,1fr)_auto] items-start">
        <FormField
          label="折價券代碼"
          name="coupon_code"
          autoComplete="off"
          spellCheck={false}
          maxLength={COUPON_CODE_MAX_LENGTH}
          value={code}
          onChange={(e) => onCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              onApply();
            }
          }}
          hint={applied || undefined}
          error={error}
        />
        {/* Lined up with the input, below the label. */}
        {/* Unavailable while a quote is priced, but never `disabled`: a pressed button that becomes disabled drops the
            keyboard's focus to <body>. */}
        <button
          type="button"
          className="btn-outline mt-7 aria-disabled:opacity-60 aria-disabled:cursor-progress"
          onClick={() => !pending && onApply()}
          aria-disabled={pending || undefined}
          aria-busy={pending}
        >
          套用
        </button>
      </div>
      <p role="status" className="sr-only">
        {pending ? "" : error || applied}
      </p>
    </fieldset>
  );
}
