// ezPay's PostData_ (../shared/EINVOICE.md): the call's parameters URL-encoded in order (as PHP's http_build_query
// does), then AES-256-CBC/PKCS7 under HashKey and HashIV as lower-case hex: the same scheme as MPG's TradeInfo, so
// mpg-crypto.ts does the encryption for both.
import { decryptTradeInfo, encryptTradeInfo, type MpgKeys } from "../api/payment/mpg-crypto";

/** The merchant's ezPay HashKey (32 characters) and HashIV (16): its own pair, not NewebPay's. */
export type EzpayKeys = MpgKeys;

export type EzpayParams = Readonly<Record<string, string | number>>;

/** The parameters as form-encoded text, in the order given. */
export function encodeParams(params: EzpayParams): string {
  return new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
}

/** PostData_ of already encoded parameter text. */
export function encryptPostData(text: string, keys: EzpayKeys): Promise<string> {
  return encryptTradeInfo(text, keys);
}

/** PostData_ of the parameters. */
export function sealPostData(params: EzpayParams, keys: EzpayKeys): Promise<string> {
  return encryptPostData(encodeParams(params), keys);
}

/** The parameter text of a PostData_, or null when it does not decrypt (ezPay's KEY10002). */
export function decryptPostData(postData: string, keys: EzpayKeys): Promise<string | null> {
  return decryptTradeInfo(postData, keys);
}

/** The parameters of a PostData_, decoded once, or null when it does not decrypt. */
export async function openPostData(postData: string, keys: EzpayKeys): Promise<URLSearchParams | null> {
  const text = await decryptPostData(postData, keys);
  return text === null ? null : new URLSearchParams(text);
}

/** The form every call posts. */
export function ezpayForm(merchantId: string, postData: string): URLSearchParams {
  return new URLSearchParams({ MerchantID_: merchantId, PostData_: postData });
}
