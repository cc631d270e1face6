// A group of radio buttons: a fieldset whose legend names the choice, its options, and the message of what is wrong
// with it, tied to the group (aria-describedby) and marking it invalid. Arrow keys move within the group. What belongs
// to one option (its sub-choices) comes right under that option, not after the whole list.
import { Fragment, type ReactNode, useId } from "react";

interface ChoiceGroupProps<Value extends string | number> {
  legend: string;
  name: string;
  options: readonly { value: Value; label: ReactNode }[];
  value: Value;
  onChange: (value: Value) => void;
  error?: string;
  /** Lay the options out side by side (short labels) rather than one under another. */
  inline?: boolean;
  /** What goes right under an option (e.g. 電子支付's LINE Pay and Apple Pay), or nothing. */
  optionDetail?: (value: Value) => ReactNode;
}

export function ChoiceGroup<Value extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  inline = false,
  optionDetail,
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
          <Fragment key={option.value}>
            <label className="flex items-center gap-2 min-h-control-sm cursor-pointer">
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
            {optionDetail?.(option.value)}
          </Fragment>
        ))}
      </div>
      {error && (
        <p id={messageId} className="m-0 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
