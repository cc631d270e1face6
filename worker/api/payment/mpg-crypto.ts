// NewebPay MPG's TradeInfo and TradeSha (PAYMENT.md), with WebCrypto only: TradeInfo is the lower-case hex of
// AES-256-CBC (PKCS7 padding, which WebCrypto's AES-CBC applies and checks itself) of the trade text under HashKey
// and HashIV; TradeSha is the upper-case hex SHA-256 of `HashKey=<key>&<TradeInfo>&HashIV=<iv>`.
// ezPay's e-invoice API uses the same two for its PostData_ and its checks' CheckValue (worker/einvoice/).
import { sha256Hex } from "~/domain/sha256";

/** A merchant's HashKey (32 characters) and HashIV (16 characters). */
export interface MpgKeys {
  hashKey: string;
  hashIv: string;
}

const encoder = new TextEncoder();
const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const AES_BLOCK_BYTES = 16;

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The bytes of even-length hex text, or null when it is not that. */
function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!HEX.test(text)) return null;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function aesKey(keys: MpgKeys, usage: "encrypt" | "decrypt"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(keys.hashKey), { name: "AES-CBC" }, false, [usage]);
}

/** TradeInfo: the trade text encrypted, as lower-case hex. */
export async function encryptTradeInfo(plain: string, keys: MpgKeys): Promise<string> {
  const key = await aesKey(keys, "encrypt");
  return toHex(
    await crypto.subtle.encrypt({ name: "AES-CBC", iv: encoder.encode(keys.hashIv) }, key, encoder.encode(plain)),
  );
}

/** The trade text of a TradeInfo, or null when it is not hex of whole blocks, the padding is wrong or it is not UTF-8. */
export async function decryptTradeInfo(tradeInfo: string, keys: MpgKeys): Promise<string | null> {
  const bytes = fromHex(tradeInfo);
  if (!bytes || bytes.length === 0 || bytes.length % AES_BLOCK_BYTES !== 0) return null;
  try {
    const key = await aesKey(keys, "decrypt");
    const plain = await crypto.subtle.decrypt({ name: "AES-CBC", iv: encoder.encode(keys.hashIv) }, key, bytes);
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

/** TradeSha of a TradeInfo: upper-case hex SHA-256 of `HashKey=<key>&<TradeInfo>&HashIV=<iv>`. */
export async function tradeShaOf(tradeInfo: string, keys: MpgKeys): Promise<string> {
  const text = `HashKey=${keys.hashKey}&${tradeInfo}&HashIV=${keys.hashIv}`;
  return (await sha256Hex(text)).toUpperCase();
}

/** Compares two strings in time that depends on their length only (a signature must not leak by timing). */
export function sameInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether `tradeSha` signs `tradeInfo` under these keys (hex case aside). */
export async function isSignedTradeInfo(tradeInfo: string, tradeSha: string, keys: MpgKeys): Promise<boolean> {
  return sameInConstantTime(await tradeShaOf(tradeInfo, keys), tradeSha.toUpperCase());
}

/** The TradeInfo and TradeSha of a trade text. */
export async function sealTradeInfo(plain: string, keys: MpgKeys): Promise<{ TradeInfo: string; TradeSha: string }> {
  const TradeInfo = await encryptTradeInfo(plain, keys);
  return { TradeInfo, TradeSha: await tradeShaOf(TradeInfo, keys) };
}

/** The trade text of a signed TradeInfo: the signature is checked first; null when it or the decryption fails. */
export async function openTradeInfo(tradeInfo: string, tradeSha: string, keys: MpgKeys): Promise<string | null> {
  if (!(await isSignedTradeInfo(tradeInfo, tradeSha, keys))) return null;
  return decryptTradeInfo(tradeInfo, keys);
}
