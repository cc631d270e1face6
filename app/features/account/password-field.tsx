// A required password field on FormField: letters and digits only while typing (SPEC §5's password filter), at most
// PASSWORD_MAX_LENGTH characters; and the new password with its confirmation that the register, recovery and
// password-change forms share. In a file of its own, so pages with no password field do not load the member field
// rules it brings.
import { useEffect, useState } from "react";
import { filterPassword } from "~/domain/input-filters";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH } from "~/features/account/member-fields";
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

/**
 * A password field's value, emptied whenever the form's reply comes back: a refused form comes back without the
 * passwords, with or without JavaScript alike.
 */
export function usePasswordValue(reply: unknown) {
  const [value, setValue] = useState("");
  useEffect(() => {
    if (reply) setValue("");
  }, [reply]);
  return [value, setValue] as const;
}

interface NewPasswordFieldsProps {
  /** The form's reply, if any: each one empties both fields. */
  reply: unknown;
  /** The new password's name in the form; its confirmation is always "confirmation". */
  name: string;
  label?: string;
  confirmationLabel?: string;
  error?: string;
  confirmationError?: string;
}

/** A new password (with the password rules as its hint) and the same password again. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { reply, name, label = "新密碼", confirmationLabel = "確認新密碼", error, confirmationError } = props;
  const [password, setPassword] = usePasswordValue(reply);
  const [confirmation, setConfirmation] = usePasswordValue(reply);
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        hint={PASSWORD_HINT}
        error={error}
      />
      <PasswordField
        label={confirmationLabel}
        name="confirmation"
        autoComplete="new-password"
        value={confirmation}
        onValue={setConfirmation}
        error={confirmationError}
      />
    </>
  );
}
