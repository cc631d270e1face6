// invoice_issue's parameter text, with CarrierNum encoded as ezPay's published PHP sample does it (EINVOICE.md):
// `rawurlencode` first, then the whole text is URL-encoded, so a barcode's `/` and `+` arrive encoded twice
// (`/AB+1234` → `%252FAB%252B1234`). The stand-in decodes the same way: the text once, then CarrierNum once more.
import { decryptPostData, type EzpayKeys, type EzpayParams, encodeParams, encryptPostData } from "./post-data";

/** PHP's rawurlencode (RFC 3986): everything but letters, digits and `-_.~` as %XX. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The issue's parameters as the text PostData_ encrypts, CarrierNum (when present) raw-URL-encoded first. */
export function encodeIssueParams(params: EzpayParams): string {
  const carrierNum = params.CarrierNum;
  return encodeParams(carrierNum === undefined ? params : { ...params, CarrierNum: rawUrlEncode(String(carrierNum)) });
}

/**
 * The issue's parameters from the decrypted text, CarrierNum decoded the second time; null when CarrierNum is not
 * valid percent-encoding (a client that encoded it wrongly).
 */
export function decodeIssueParams(text: string): URLSearchParams | null {
  const params = new URLSearchParams(text);
  const carrierNum = params.get("CarrierNum");
  if (carrierNum === null) return params;
  try {
    params.set("CarrierNum", decodeURIComponent(carrierNum));
  } catch {
    return null;
  }
  return params;
}

/** PostData_ of an issue: use it, not sealPostData, for invoice_issue. */
export function sealIssueParams(params: EzpayParams, keys: EzpayKeys): Promise<string> {
  return encryptPostData(encodeIssueParams(params), keys);
}

/** The issue's parameters of a PostData_ (the stand-in's side), or null when it does not decrypt or decode. */
export async function openIssueParams(postData: string, keys: EzpayKeys): Promise<URLSearchParams | null> {
  const text = await decryptPostData(postData, keys);
  return text === null ? null : decodeIssueParams(text);
}
