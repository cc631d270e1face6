// Order numbers: BK, the order date (in Taiwan), the order's sequence and a random part, e.g. BK20261123-000042-7KQ3ZP.
// The random part makes numbers unguessable, so an order number and an e-mail are needed to look one up.

import { asAscii } from "~/domain/input-filters";

/** The shape of an order number (the contract's OrderNo). */
export const ORDER_NO_PATTERN = /^BK\d{8}-\d{6,9}-[0-9A-Z]{6}$/;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, U/V). */
const RANDOM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
const RANDOM_LENGTH = 6;

export const ORDER_NO_FORMAT_MESSAGE = "訂單編號格式為 BK、8 位日期、序號與 6 碼英數字，例如 BK20261123-000042-7KQ3ZP";

export const isOrderNo = (value: string) => ORDER_NO_PATTERN.test(value);

/**
 * An order number as typed or pasted, the way the lookup reads it (the page's form and the API alike): full-width
 * letters, digits and signs as ASCII (ＢＫ２０２６…), any hyphen or minus sign (－ ‐ – − …) as '-', no spaces
 * around, in capitals as it is printed. What is left is checked as it is, never cut.
 */
export const readOrderNo = (value: string) =>
  asAscii(value)
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, "-")
    .trim()
    .toUpperCase();

/** The random part: 6 characters from 29, about 29 bits, from the platform's CSPRNG. */
export function orderNoRandomPart(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const out: string[] = [];
  while (out.length < RANDOM_LENGTH) {
    for (const byte of random(new Uint8Array(RANDOM_LENGTH * 2))) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 256 - (256 % RANDOM_ALPHABET.length) && out.length < RANDOM_LENGTH) {
        out.push(RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length] as string);
      }
    }
  }
  return out.join("");
}

/** Taiwan's offset from UTC (no daylight saving): an order placed at 00:30 in Taipei carries that day's date. */
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** BK + yyyymmdd of `date` in Taiwan: the part before the sequence. */
export const orderNoDatePart = (date: Date) =>
  `BK${new Date(date.getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "")}`;

/** BK + yyyymmdd of `date` in Taiwan + the sequence padded to 6 digits + the random part. */
export function formatOrderNo(date: Date, sequence: number, randomPart: string): string {
  return `${orderNoDatePart(date)}-${String(sequence).padStart(6, "0")}-${randomPart}`;
}

/** NewebPay's MerchantOrderNo allows letters, digits and _ only (at most 30): the number without dashes + _attempt. */
export function merchantOrderNo(orderNo: string, attempt: number): string {
  return `${orderNo.replaceAll("-", "")}_${attempt}`;
}
