// How the built-in API reads a whole number in a query string, in one place: the API parses with it
// (worker/api/params.ts) and the edge cache keys on its result (worker/cache/api-query-rules.ts). Two spellings the
// API reads alike (`02`, ` 2 `) share one cache entry; a spelling it refuses (`0x2`, `2.0`, `2e0`) is refused and
// never stored, so neither can be varied to miss the cache at will.

/** 1 to 15 digits: every such number is a safe integer. */
const WHOLE_NUMBER = /^\s*(\d{1,15})\s*$/;

/**
 * The number written in 1 to 15 decimal digits, leading zeros and white space around allowed; null for anything else
 * (empty, signs, fractions, exponents, hexadecimal, 16 digits or more).
 */
export function parseWholeNumber(text: string): number | null {
  const digits = WHOLE_NUMBER.exec(text)?.[1];
  return digits === undefined ? null : Number(digits);
}
