// The security page's password change: the current password, then the new one twice (letters and digits only,
// filtered while typing). A plain form post to the page's action, so it works before hydration; the browser checks
// the same rules first when it can. The passwords are never sent back: after any reply the fields are empty.

import { Form } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import {
  checkCurrentPassword,
  checkNewPassword,
  checkPasswordChanged,
  checkPasswordConfirmation,
} from "~/features/account/member-fields";
import { NewPasswordFields, PasswordFormAlert, usePasswordValue } from "~/features/account/new-password-fields";
import { PasswordField } from "~/features/account/password-field";
import { type FieldErrors, fieldErrors, formText } from "~/lib/field-errors";
import { useIsSubmitting } from "~/lib/form-submission";
import { useFieldErrors } from "~/lib/use-field-errors";

export const PASSWORD_INTENT = "password";

export type PasswordChangeFieldName = "current_password" | "new_password" | "confirmation";

/** What the page's action answers to a password change. */
export interface PasswordChangeReply {
  intent: typeof PASSWORD_INTENT;
  errors: FieldErrors<PasswordChangeFieldName>;
  /** A refusal that belongs to no one field. */
  formError?: string;
  changed?: true;
}

export function readPasswordChange(form: FormData) {
  return {
    current: formText(form, "current_password"),
    next: formText(form, "new_password"),
    confirmation: formText(form, "confirmation"),
  };
}

/** The same check in the browser (before sending) and in the action (before calling the API). */
export function checkPasswordChange(form: FormData): FieldErrors<PasswordChangeFieldName> {
  const { current, next, confirmation } = readPasswordChange(form);
  return fieldErrors<PasswordChangeFieldName>({
    current_password: checkCurrentPassword(current),
    new_password: checkNewPassword(next) ?? checkPasswordChanged(current, next),
    confirmation: checkPasswordConfirmation(next, confirmation),
  });
}

export function PasswordChangeForm({ reply }: { reply: PasswordChangeReply | undefined }) {
  const { errors, fromServer, formProps } = useFieldErrors(reply, checkPasswordChange);
  const [current, setCurrent] = usePasswordValue(reply);
  const submitting = useIsSubmitting(PASSWORD_INTENT);
  const refused = fromServer && !!reply && !reply.changed;
  return (
    <section aria-labelledby="password-title" className="max-w-md">
      <h2 id="password-title" className="text-xl font-bold mt-0 mb-3">
        變更密碼
      </h2>
      <PasswordFormAlert refusal={refused ? reply : undefined} errors={errors} />
      <Form method="post" className="grid gap-4" {...formProps}>
        <input type="hidden" name="intent" value={PASSWORD_INTENT} />
        <PasswordField
          label="目前的密碼"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onValue={setCurrent}
          error={errors.current_password}
        />
        <NewPasswordFields
          reply={reply}
          name="new_password"
          error={errors.new_password}
          confirmationError={errors.confirmation}
        />
        <div className="flex flex-wrap items-center gap-4">
          <BusySubmitButton className="btn-primary h-control-lg" busy={submitting}>
            {submitting ? "變更中…" : "變更密碼"}
          </BusySubmitButton>
          <p role="status" className="m-0 min-h-6 font-bold" data-testid="password-status">
            {fromServer && reply?.changed ? "密碼已變更，其他裝置上的登入已結束" : ""}
          </p>
        </div>
      </Form>
    </section>
  );
}
