// A form's submit button that stays focusable while its submission is under way: marked unavailable with
// aria-disabled, never `disabled`. A focused button that becomes disabled drops the focus to <body>, so a keyboard or
// screen-reader user who pressed it would be sent back to the top of the page to find the answer. A press, or Enter in
// a field (the browser clicks the default button), while busy does nothing.
import type { ButtonHTMLAttributes } from "react";

interface BusySubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> {
  /** The form's submission is under way. */
  busy: boolean;
}

export function BusySubmitButton({ busy, className = "", onClick, ...button }: BusySubmitButtonProps) {
  return (
    <button
      {...button}
      type="submit"
      className={`${className} aria-disabled:opacity-60 aria-disabled:cursor-progress`}
      aria-disabled={busy || undefined}
      onClick={(event) => (busy ? event.preventDefault() : onClick?.(event))}
    />
  );
}
