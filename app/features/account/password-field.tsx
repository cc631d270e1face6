// A required password field on FormField: letters and digits only while typing (SPEC §5's password filter), at most
// PASSWORD_MAX_LENGTH characters. A password field shows dots, so a character the filter leaves out would vanish
// unseen: the field says so (politely, under the field) until it is emptied. In a file of its own, so pages with no
// password field do not load the member field rules it brings.
import { useId, useState } from "react";
import { asAscii, filterPassword } from "~/domain/input-filters";
import { PASSWORD_MAX_LENGTH } from "~/features/account/member-fields";
import { FormField, type FormFieldProps } from "../../components/form-field";

/** What the field says when the filter has left out something just typed or pasted. */
export const PASSWORD_CHARACTERS_LEFT_OUT = "密碼只能使用英文字母與數字，其他字元不會輸入。";

interface PasswordFieldProps extends Omit<FormFieldProps, "type" | "value" | "onChange" | "maxLength" | "required"> {
  value: string;
  /** The value as typed, with anything but letters and digits already dropped (SPEC §5's password filter). */
  onValue: (value: string) => void;
}

/** A required password field: letters and digits only while typing, at most PASSWORD_MAX_LENGTH characters. */
export function PasswordField({ onValue, describedBy, ...field }: PasswordFieldProps) {
  const noteId = useId();
  const [leftOut, setLeftOut] = useState(false);
  // The value this field last handed on. A field emptied from outside (the form clears its passwords after a
  // refusal) has no character left out any more: the note goes with it, as it does when the reader empties the field.
  const [handedOn, setHandedOn] = useState(field.value);
  if (leftOut && field.value === "" && handedOn !== "") setLeftOut(false);
  // A password typed before hydration is taken up by FormField, through this same filter.
  return (
    <div className="grid gap-1">
      <FormField
        {...field}
        type="password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        describedBy={[describedBy, leftOut ? noteId : undefined].filter(Boolean).join(" ") || undefined}
        onChange={(e) => {
          const typed = e.target.value;
          const kept = filterPassword(typed);
          if (kept.length < asAscii(typed).length) setLeftOut(true);
          else if (kept === "") setLeftOut(false);
          setHandedOn(kept);
          onValue(kept);
        }}
      />
      <p id={noteId} role="status" className={leftOut ? "m-0 text-sm text-error" : "sr-only"}>
        {leftOut ? PASSWORD_CHARACTERS_LEFT_OUT : ""}
      </p>
    </div>
  );
}
