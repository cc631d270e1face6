// A required password field on FormField: letters and digits only while typing (SPEC §5's password filter), at most
// PASSWORD_MAX_LENGTH characters. In a file of its own, so pages with no password field do not load the member
// field rules it brings.
import { filterPassword } from "~/domain/input-filters";
import { PASSWORD_MAX_LENGTH } from "~/features/account/member-fields";
import { FormField, type FormFieldProps } from "../../components/form-field";

interface PasswordFieldProps extends Omit<FormFieldProps, "type" | "value" | "onChange" | "maxLength" | "required"> {
  value: string;
  /** The value as typed, with anything but letters and digits already dropped (SPEC §5's password filter). */
  onValue: (value: string) => void;
}

/** A required password field: letters and digits only while typing, at most PASSWORD_MAX_LENGTH characters. */
export function PasswordField({ onValue, ...field }: PasswordFieldProps) {
  // A password typed before hydration is taken up by FormField, through this same filter.
  return (
    <FormField
      {...field}
      type="password"
      required
      maxLength={PASSWORD_MAX_LENGTH}
      onChange={(e) => onValue(filterPassword(e.target.value))}
    />
  );
}
