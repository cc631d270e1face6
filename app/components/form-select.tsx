// One select field, as FormField is for inputs: its label, the select, and its message tied to it (aria-describedby)
// and marking it invalid (aria-invalid). The options are the children (option and optgroup elements).
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { FieldLabel } from "./form-field";

interface FormSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "aria-invalid" | "aria-describedby"> {
  label: string;
  name: string;
  /** What is wrong with the choice, shown under the select and read with it. */
  error?: string;
  children: ReactNode;
}

export function FormSelect({ label, error, id, className, children, ...select }: FormSelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  // A controlled select keeps a choice made before hydration.
  useTypedBeforeHydration(selectId, select.value, select.onChange);
  const messageId = `${selectId}-message`;
  return (
    <div className="grid gap-1">
      <FieldLabel htmlFor={selectId} required={select.required}>
        {label}
      </FieldLabel>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`h-control border bg-surface text-ink px-2 ${error ? "border-error" : "border-line"} ${className ?? ""}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={messageId} className="m-0 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
