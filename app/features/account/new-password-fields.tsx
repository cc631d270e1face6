// The new password and its confirmation that the register, recovery and password-change forms share: the two
// fields (emptied by each reply, as the passwords never come back), their check, and the form's message that says
// they were emptied.
import { useEffect, useState } from "react";
import { FormAlert, PASSWORDS_CLEARED } from "~/components/form-alert";
import { checkNewPassword, checkPasswordConfirmation, PASSWORD_HINT } from "~/features/account/member-fields";
import { PasswordField } from "~/features/account/password-field";
import { formText } from "~/lib/field-errors";

/** The new password ("password") and its confirmation as the form sends them: never trimmed. */
export function readNewPassword(form: FormData) {
  return { password: formText(form, "password"), confirmation: formText(form, "confirmation") };
}

/** The messages of the register and recovery forms' new password ("password") and its confirmation. */
export function checkNewPasswordFields(form: FormData) {
  const { password, confirmation } = readNewPassword(form);
  return { password: checkNewPassword(password), confirmation: checkPasswordConfirmation(password, confirmation) };
}

/**
 * The message of a form with passwords: a refusal's own message and, as the passwords never come back, that they
 * were emptied; and how many fields need fixing.
 */
export function PasswordFormAlert({ refusal, errors }: { refusal?: { formError?: string }; errors: object }) {
  return (
    <FormAlert
      message={refusal?.formError}
      fieldErrorCount={Object.keys(errors).length}
      note={refusal ? PASSWORDS_CLEARED : undefined}
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
  /** The new password's name in the form ("password" unless said otherwise); its confirmation is "confirmation". */
  name?: string;
  label?: string;
  confirmationLabel?: string;
  error?: string;
  confirmationError?: string;
}

/** A new password (with the password rules as its hint) and the same password again. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const {
    reply,
    name = "password",
    label = "新密碼",
    confirmationLabel = "確認新密碼",
    error,
    confirmationError,
  } = props;
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
