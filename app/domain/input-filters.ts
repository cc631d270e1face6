// SPEC §5 input filters, applied while typing: what may stay in the field.
// A reader's IME or a paste may give full-width forms (０９１２, ＋, ＃, ／ＡＢＣ): they are the same digits and
// signs to the reader, so each filter reads them as ASCII first (NFKC) rather than drop them. No filter cuts a value
// to length, nor may the field (maxLength): a pasted 0459525799 cut to 8 digits is another company's valid 統一編號.
// The whole value stays, and the field's check says it is too long.

/** The value with full-width letters, digits and signs as ASCII. */
export const asAscii = (value: string) => value.normalize("NFKC");

/** numbers: digits only. */
export const filterDigits = (value: string) => asAscii(value).replace(/\D/g, "");

/** tel: digits, optionally one # followed by digits (an extension). */
export function filterTel(value: string): string {
  const [main = "", ...rest] = asAscii(value)
    .replace(/[^\d#]/g, "")
    .split("#");
  return rest.length > 0 ? `${main}#${rest.join("")}` : main;
}

/** cellphone: an optional leading + then digits. */
export function filterCellphone(value: string): string {
  const trimmed = asAscii(value).trimStart();
  return (trimmed.startsWith("+") ? "+" : "") + trimmed.replace(/\D/g, "");
}

/** password: letters and digits only (full-width ones, typed with an IME's full-width mode on, as ASCII). */
export const filterPassword = (value: string) => asAscii(value).replace(/[^A-Za-z0-9]/g, "");
