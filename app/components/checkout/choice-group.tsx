// A group of radio buttons: a fieldset whose legend names the choice, its options, and the message of what is wrong
// with it, tied to the group (aria-describedby) and marking it invalid. Arrow keys move within the group.
import { type ReactNode, useId } from "react";

interface ChoiceGroupProps<Value extends string | number> {
  legend: string;
  name: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: Value;
  onChange: (value: Value) => void;
  error?: string;
  /** Lay the options out side by side (short labels) rather than one under another. */
  inline?: boolean;
  children?: ReactNode;
}

export function ChoiceGroup<Value extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  inline = false,
  children,
}: ChoiceGroupProps<Value>) {
  const messageId = useId();
  return (
    <fieldset
      className="border-0 m-0 p-0 grid gap-1 min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? messageId : undefined}
    >
      <legend className="font-medium mb-1 p-0">{legend}</legend>
      <div className={inline ? "flex flex-wrap gap-x-6" : "grid"}>
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 min-h-control-sm cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="h-5 w-5 shrink-0 accent-[var(--c-primary)]"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={messageId} className="m-0 text-sm text-error">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
