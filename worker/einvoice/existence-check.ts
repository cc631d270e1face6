// Whether a mobile barcode or a love code exists, asked of ezPay at checkout (checkBarCode, checkLoveCode under
// `<EZPAY_URL>/Api_inv_application/`, EINVOICE.md): the form carries Version, RespondType and CheckValue beside
// MerchantID_ and PostData_, and the reply's Result is encrypted as PostData_ is, holding `IsExist=Y|N`.
// A sale is never blocked by the invoice service: without ezPay's credentials, or when it does not answer within
// CHECK_TIMEOUT_MS, or answers something unreadable, the answer is "unknown" and checkout goes on with the format
// check alone.
import { checkForm } from "./check-value";
import { type EzpayConfig, ezpayMerchant, type Fetch } from "./ezpay-client";
import { decryptPostData, sealPostData } from "./post-data";

/** What checkout answers for a code ezPay does not know, in the reader's words. */
export const BARCODE_NOT_FOUND = "財政部查無此手機條碼，請確認後重新輸入";
export const LOVE_CODE_NOT_FOUND = "財政部查無此捐贈單位的愛心碼，請重新選擇";

/** How long checkout waits for the answer: short, as a reader is waiting. */
export const CHECK_TIMEOUT_MS = 2_000;

export type Existence = "exists" | "missing" | "unknown";

const CALLS = {
  barcode: { path: "checkBarCode", field: "CellphoneBarcode" },
  loveCode: { path: "checkLoveCode", field: "LoveCode" },
} as const;

/** Whether ezPay knows the code; "unknown" when it cannot say now. */
export async function codeExists(
  config: EzpayConfig,
  kind: keyof typeof CALLS,
  code: string,
  now = new Date(),
  send: Fetch = (request) => fetch(request),
): Promise<Existence> {
  const merchant = ezpayMerchant(config);
  if (!merchant) return "unknown";
  const { path, field } = CALLS[kind];
  try {
    const postData = await sealPostData({ [field]: code, TimeStamp: Math.floor(now.getTime() / 1000) }, merchant.keys);
    const response = await send(
      new Request(`${config.ezpayUrl.replace(/\/+$/, "")}/Api_inv_application/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: await checkForm(merchant.merchantId, postData, merchant.keys),
        signal: AbortSignal.timeout(Math.min(CHECK_TIMEOUT_MS, config.ezpayTimeoutMs)),
      }),
    );
    if (response.status !== 200) return "unknown";
    const reply = (await response.json()) as { Status?: unknown; Result?: unknown };
    if (reply.Status !== "SUCCESS" || typeof reply.Result !== "string") return "unknown";
    const text = await decryptPostData(reply.Result, merchant.keys);
    const isExist = text === null ? null : new URLSearchParams(text).get("IsExist");
    if (isExist === "Y") return "exists";
    return isExist === "N" ? "missing" : "unknown";
  } catch {
    return "unknown";
  }
}
