// SPEC §5 input filters, applied while typing: what may stay in the field.
// A reader's IME or a paste may give full-width forms (０９１２, ＋, ＃, ／ＡＢＣ): they are the same digits and
// signs to the reader, so each filter reads them as ASCII first (NFKC) rather than drop them. The length limit is the
// filter's too, applied after it: an input's maxLength would cut a pasted " 1105257827 " before its spaces are gone.

/** The value with full-width letters, digits and signs as ASCII. */
export const asAscii = (value: string) => value.normalize("NFKC");

/** numbers: digits only, at most `max`. */
export const filterDigits = (value: string, max = Number.POSITIVE_INFINITY) =>
  asAscii(value).replace(/\D/g, "").slice(0, max);

/** tel: digits, optionally one # followed by digits (an extension); at most `max` characters. */
export function filterTel(value: string, max = Number.POSITIVE_INFINITY): string {
  const [main = "", ...rest] = asAscii(value)
    .replace(/[^\d#]/g, "")
    .split("#");
  return (rest.length > 0 ? `${main}#${rest.join("")}` : main).slice(0, max);
}

/** cellphone: an optional leading + then digits; at most `max` characters. */
export function filterCellphone(value: string, max = Number.POSITIVE_INFINITY): string {
  const trimmed = asAscii(value).trimStart();
  return ((trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "")).slice(0, max);
}

/** password: letters and digits only (full-width ones, typed with an IME's full-width mode on, as ASCII). */
export const filterPassword = (value: string) => asAscii(value).replace(/[^A-Za-z0-9]/g, "");
