// checkBarCode and checkLoveCode (/Api_inv_application/…) as the stand-in answers them: the form's CheckValue,
// Version 1.0 and RespondType JSON checked, then whether the code exists (existence.ts), in a Result encrypted as
// PostData_ is: the form-encoded `CellphoneBarcode=…&IsExist=Y` (or LoveCode=…), as ezPay's adapters read it.
import type { Context } from "hono";
import { formFields } from "../api/payment/gateway-reply";
import { CHECK_VERSION, isCheckValue } from "../einvoice/check-value";
import { encodeParams, encryptPostData, openPostData } from "../einvoice/post-data";
import type { WorkerEnv } from "../types";
import {
  type Answer,
  answer,
  checkTimeStamp,
  DOWN,
  formText,
  readCallForm,
  refused,
  send,
  standInMerchant,
  succeeded,
} from "./call";
import { refusal } from "./errors";
import { barcodeExists, loveCodeExists } from "./existence";
import { isDownFor, readSwitches } from "./switches-table";

type CheckedField = "CellphoneBarcode" | "LoveCode";

async function check(c: Context<WorkerEnv>, field: CheckedField, exists: (code: string) => boolean): Promise<Answer> {
  // A check is about no order: the switch that takes down every call reaches it, and one scoped to the code checked
  // (so a test of "ezPay cannot be asked" disturbs no other test's checks).
  const switches = await readSwitches(c.env.DB);
  if (isDownFor(switches, null)) return DOWN;
  const fields = await formFields(c.req);
  const form = readCallForm(fields, standInMerchant(c.get("config")));
  if ("code" in form) return refused(form);
  const { merchant, postData } = form;
  if (!(await isCheckValue(postData, formText(fields, "CheckValue"), merchant.keys))) {
    return refused(refusal("KEY10012", "檢查碼（CheckValue）不符"));
  }
  if (formText(fields, "Version") !== CHECK_VERSION)
    return refused(refusal("KEY10004", `Version 須為 ${CHECK_VERSION}`));
  if (formText(fields, "RespondType") !== "JSON") return refused(refusal("KEY10004", "RespondType 須為 JSON"));
  const params = await openPostData(postData, merchant.keys);
  if (!params) return refused(refusal("KEY10002"));
  const timeStamp = checkTimeStamp(params);
  if (timeStamp) return refused(timeStamp);
  const code = params.get(field) ?? "";
  if (!code) return refused(refusal("KEY10004", `缺少 ${field}`));
  if (isDownFor(switches, code)) return DOWN;
  const result = encodeParams({ [field]: code, IsExist: exists(code) ? "Y" : "N" });
  return answer(succeeded("查詢成功", await encryptPostData(result, merchant.keys)));
}

/** POST /Api_inv_application/checkBarCode: whether a mobile barcode exists. */
export const checkBarCode = async (c: Context<WorkerEnv>) => send(c, await check(c, "CellphoneBarcode", barcodeExists));

/** POST /Api_inv_application/checkLoveCode: whether a love code exists. */
export const checkLoveCode = async (c: Context<WorkerEnv>) => send(c, await check(c, "LoveCode", loveCodeExists));
