// SPEC §5 input filters, applied while typing: what may stay in the field.

/** numbers: digits only. */
export const filterDigits = (value: string) => value.replace(/\D/g, "");

/** tel: digits, optionally one # followed by digits (an extension). */
export function filterTel(value: string): string {
  const [main = "", ...rest] = value.replace(/[^\d#]/g, "").split("#");
  return rest.length > 0 ? `${main}#${rest.join("")}` : main;
}

/** cellphone: an optional leading + then digits. */
export function filterCellphone(value: string): string {
  const trimmed = value.trimStart();
  return (trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "");
}

/** password: letters and digits only. */
export const filterPassword = (value: string) => value.replace(/[^A-Za-z0-9]/g, "");
