// One form field: its label, the input, a standing hint and its message, the last two tied to the input
// (aria-describedby) and the message marking it invalid (aria-invalid). Member forms build on it.
// Inside <MarkRequired>, a required field's label also shows a mark (the `required` attribute is what assistive
// technology reads; the mark is for the eye and hidden from it). A form that marks them says so once (REQUIRED_NOTE).
import { createContext, type InputHTMLAttributes, type ReactNode, type Ref, useContext, useId } from "react";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";

const MarkRequiredContext = createContext(false);

/** Within it, FormField and FormSelect mark the labels of required fields. */
export const MarkRequired = MarkRequiredContext.Provider;

/** What the mark means, said once by a form that marks its required fields. */
export const REQUIRED_NOTE = "標示 * 的欄位為必填。";

/**
 * A field's label; within <MarkRequired>, a required field's label is followed by the mark. The mark stands beside the
 * label, not in it, so the label's text stays the field's name.
 */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: string }) {
  const marking = useContext(MarkRequiredContext) && required;
  const label = (
    <label htmlFor={htmlFor} className="font-medium">
      {children}
    </label>
  );
  if (!marking) return label;
  return (
    <span className="flex items-baseline gap-1">
      {label}
      <span aria-hidden="true" className="text-error" data-required-mark="">
        *
      </span>
    </span>
  );
}

export interface FormFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "aria-invalid" | "aria-describedby"> {
  label: string;
  name: string;
  /** What is wrong with the value, shown under the input and read with it. */
  error?: string;
  /** A standing hint (e.g. the password rules), read with the input. */
  hint?: string;
  /** Marks the input invalid when what is wrong is said elsewhere (a form-wide message, see `describedBy`). */
  invalid?: boolean;
  /** Ids of other elements that describe the input, e.g. a form-wide message. */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

export function FormField({ label, error, hint, invalid, describedBy, id, className, ...input }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // A controlled field keeps what was typed before hydration.
  useTypedBeforeHydration(inputId, input.value, input.onChange);
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;
  const description = [error ? messageId : undefined, hint ? hintId : undefined, describedBy].filter(Boolean).join(" ");
  return (
    <FieldFrame id={inputId} label={label} required={input.required} error={error} hint={hint}>
      <input
        id={inputId}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={description || undefined}
        className={`h-control border bg-surface text-ink px-3 ${error || invalid ? "border-error" : "border-line"} ${className ?? ""}`}
        {...input}
      />
    </FieldFrame>
  );
}

interface FieldFrameProps {
  /** The control's id; the message's is `${id}-message`, the hint's `${id}-hint`. */
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /** The control (input or select). */
  children: ReactNode;
}

/** What FormField and FormSelect share around their control: the label above it, its message and hint below it. */
export function FieldFrame({ id, label, required, error, hint, children }: FieldFrameProps) {
  return (
    <div className="grid gap-1">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children}
      {error && (
        <p id={`${id}-message`} className="m-0 text-sm text-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="m-0 text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
