// What the stand-in's checkBarCode and checkLoveCode say exists: every well-formed mobile barcode and love code but
// the few listed here, so tests elsewhere (checkout's field messages) have a known "does not exist" to type. A
// malformed one does not exist either. Issue does not consult these: like ezPay, it checks the format only.

/** Mobile barcodes the stand-in says do not exist (well-formed: `/` and 7 of 0-9 A-Z . + -). */
export const STAND_IN_UNKNOWN_BARCODES: readonly string[] = ["/NOPE000", "/NOPE001"];
/** Love codes the stand-in says do not exist (well-formed: 3 to 7 digits). */
export const STAND_IN_UNKNOWN_LOVE_CODES: readonly string[] = ["000", "0000000"];

/** A mobile barcode's form: `/` then 7 of digits, upper-case letters, `.`, `+`, `-`. */
export const BARCODE_PATTERN = /^\/[0-9A-Z.+-]{7}$/;
/** A love code's form: 3 to 7 digits. */
export const LOVE_CODE_PATTERN = /^\d{3,7}$/;

export const barcodeExists = (code: string) => BARCODE_PATTERN.test(code) && !STAND_IN_UNKNOWN_BARCODES.includes(code);
export const loveCodeExists = (code: string) =>
  LOVE_CODE_PATTERN.test(code) && !STAND_IN_UNKNOWN_LOVE_CODES.includes(code);
