// One select field, as FormField is for inputs: its label, the select, and its message tied to it (aria-describedby)
// and marking it invalid (aria-invalid). The options are the children (option and optgroup elements).
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { useTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { FieldFrame } from "./form-field";

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
    <FieldFrame id={selectId} label={label} required={select.required} error={error}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`h-control border bg-surface text-ink px-2 ${error ? "border-error" : "border-line"} ${className ?? ""}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
