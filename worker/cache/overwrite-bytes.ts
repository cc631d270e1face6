// Overwrites every occurrence of one byte string with another of the same length, in place: how a cached page gets
// the reply's nonce without decoding and encoding the whole page (worker/cache/nonce-restamp.ts).

/** Lowercase ASCII letters: the commonest bytes of an HTML page, so the worst to look for first. */
const isLowercase = (byte: number) => byte >= 0x61 && byte <= 0x7a;

/** Writes `to` over each occurrence of `from` in `bytes` (left to right, not overlapping); returns how many. */
export function overwriteAll(bytes: Uint8Array, from: Uint8Array, to: Uint8Array): number {
  if (from.length !== to.length) throw new RangeError("overwriteAll: the two byte strings differ in length");
  if (from.length === 0) return 0;
  // Candidates are found by one byte of `from` (native indexOf), then checked whole. A random nonce nearly always
  // has a byte that is not a lowercase letter; looking for that one skips most of the page's text.
  const pivot = Math.max(
    0,
    from.findIndex((byte) => !isLowercase(byte)),
  );
  const pivotByte = from[pivot] as number;
  let count = 0;
  let at = bytes.indexOf(pivotByte, pivot);
  while (at !== -1) {
    const start = at - pivot;
    if (start + from.length > bytes.length) break;
    let same = true;
    for (let i = 0; i < from.length; i++) {
      if (bytes[start + i] !== from[i]) {
        same = false;
        break;
      }
    }
    if (same) {
      bytes.set(to, start);
      count++;
      at = bytes.indexOf(pivotByte, start + from.length + pivot);
    } else {
      at = bytes.indexOf(pivotByte, at + 1);
    }
  }
  return count;
}
