// checkBarCode's and checkLoveCode's CheckValue (EINVOICE.md): the upper-case hex SHA-256 of
// `HashKey=<key>&<PostData_>&HashIV=<iv>`, which is MPG's TradeSha exactly (mpg-crypto.ts).
import { isSignedTradeInfo, tradeShaOf } from "../api/payment/mpg-crypto";
import type { EzpayKeys } from "./post-data";

/** The version and the reply format the two checks' forms add. */
export const CHECK_VERSION = "1.0";

export function checkValueOf(postData: string, keys: EzpayKeys): Promise<string> {
  return tradeShaOf(postData, keys);
}

/** Whether `checkValue` signs `postData` (compared in constant time, hex case aside): the stand-in's check. */
export function isCheckValue(postData: string, checkValue: string, keys: EzpayKeys): Promise<boolean> {
  return isSignedTradeInfo(postData, checkValue, keys);
}

/** The form of a check: MerchantID_, PostData_, and Version, RespondType and CheckValue beside them. */
export async function checkForm(merchantId: string, postData: string, keys: EzpayKeys): Promise<URLSearchParams> {
  return new URLSearchParams({
    MerchantID_: merchantId,
    PostData_: postData,
    Version: CHECK_VERSION,
    RespondType: "JSON",
    CheckValue: await checkValueOf(postData, keys),
  });
}
