// SHA-256 of text (UTF-8) with Web Crypto, which the worker, workerd and browsers all have: the one hashing helper
// for session keys, token hashes, NewebPay's check values, idempotency fingerprints and PKCE.

/** The 32 bytes of SHA-256(UTF-8 of `text`). */
export async function sha256Bytes(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** SHA-256(UTF-8 of `text`) as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  return Array.from(await sha256Bytes(text), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
