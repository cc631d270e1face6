// SPEC §5 validators for the checkout form, on strings as typed (trimmed first).
// The e-invoice checks use taiwan-id-validator, whose rules invoice.test.ts holds against SPEC §5's wording.
import { isBan, isCdcNumber, isMobileBarcode } from "taiwan-id-validator";
import { asAscii } from "~/domain/input-filters";

/** The invoice's fields of the checkout payload, in the form's order: the draft's checks and an order's stored details both list them. */
export const INVOICE_FIELDS = [
  "invoice_type",
  "invoice_donation",
  "invoice_carrier_type",
  "invoice_carrier_mobile",
  "invoice_carrier_card",
  "invoice_company",
  "invoice_company_tax",
] as const;

/**
 * A carrier's barcode (手機條碼, 自然人憑證) as typed or pasted: full-width forms as ASCII, upper case (SPEC §5's codes
 * are; lower case is taken as meant), no spaces. Never cut to length: a pasted /ABC12345 cut to /ABC1234 would be
 * another reader's carrier; kept whole, the check above says it is not / and 7 characters.
 */
export const filterCarrierCode = (value: string) => asAscii(value).toUpperCase().replace(/\s/g, "");

/** tel: 5 to 8 digits, optionally followed by # and digits (an extension). */
export function isTel(value: string): boolean {
  return /^\d{5,8}(#\d+)?$/.test(value.trim());
}

/** Mobile carrier barcode: a slash and 7 of digits, uppercase letters, dot, hyphen, plus. */
export function isMobileCarrier(value: string): boolean {
  return isMobileBarcode(value.trim());
}

/** Natural-person certificate carrier: 2 uppercase letters then 14 digits. */
export function isCertificateCarrier(value: string): boolean {
  return isCdcNumber(value.trim());
}

/**
 * Company tax id (統一編號): 8 digits; weights 1,2,1,2,1,2,4,1; digits of each product summed; the total divisible
 * by 5, or, when the 7th digit is 7, the total minus 10 or minus 9 divisible by 5.
 */
export function isCompanyTaxId(value: string): boolean {
  const id = value.trim();
  return /^\d{8}$/.test(id) && isBan(id);
}
