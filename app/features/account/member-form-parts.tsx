// What the member forms share beyond FormField: the e-mail, name and cellphone fields, each with its name, autocomplete
// and length limit said once; the main button; the link under a form. Register, recovery, the OAuth sign-up, the
// profile and the saved recipients use them.

import { Link } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import { FormField, type FormFieldProps } from "~/components/form-field";
import { filterCellphone } from "~/domain/input-filters";
import { EMAIL_MAX_LENGTH } from "~/features/account/email-address";
import { NAME_MAX_LENGTH } from "~/features/account/member-fields";
import { useIsSubmitting } from "~/lib/form-submission";

type TextFieldProps = Omit<FormFieldProps, "label" | "name"> & { label?: string };

/** The e-mail (電子郵件), required. */
export function EmailField(field: TextFieldProps) {
  return (
    <FormField
      label="電子郵件"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
      {...field}
    />
  );
}

/** A person's name (姓名 unless labelled otherwise), required. */
export function NameField(field: TextFieldProps) {
  return <FormField label="姓名" name="name" autoComplete="name" required maxLength={NAME_MAX_LENGTH} {...field} />;
}

interface CellphoneFieldProps extends Omit<FormFieldProps, "name" | "type" | "value" | "onChange"> {
  value: string;
  /** The value as typed, with anything but a leading + and digits already dropped (SPEC §5's cellphone filter). */
  onValue: (value: string) => void;
}

/** A cellphone number: a leading + and digits only while typing. */
export function CellphoneField({ onValue, ...field }: CellphoneFieldProps) {
  return (
    <FormField
      name="cellphone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      onChange={(e) => onValue(filterCellphone(e.target.value))}
      {...field}
    />
  );
}

/** A form's main button: while a form is being sent it is disabled and says `busyLabel`. */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const submitting = useIsSubmitting();
  return (
    <BusySubmitButton className="btn-primary h-control-lg" busy={submitting}>
      {submitting ? busyLabel : label}
    </BusySubmitButton>
  );
}

/** A line under a form: a question, then the link that answers it (已經是會員了？會員登入). */
export function FormFooterLink({ question, to, children }: { question: string; to: string; children: string }) {
  return (
    <p className="mt-6">
      {question}
      <Link to={to} className="text-link underline">
        {children}
      </Link>
    </p>
  );
}
