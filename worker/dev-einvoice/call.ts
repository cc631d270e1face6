// What every call to the stand-in's API shares: ezPay's reply envelope, the merchant it plays for (the store's own
// EZPAY_* credentials), the form's MerchantID_ and PostData_ opened and checked as ezPay checks them, and the
// switches' two failures (HTTP 503 when down; a reply cut off halfway when lost).
import type { Context } from "hono";
import { formFields } from "../api/payment/gateway-reply";
import type { WorkerConfig } from "../config";
import type { EzpayKeys } from "../einvoice/post-data";
import type { WorkerEnv } from "../types";
import { type Refusal, refusal } from "./errors";
import { isDownFor, readSwitches, type Switches } from "./switches-table";

/** ezPay's reply: Status "SUCCESS" or a code, and Result a JSON string (or, for the checks, encrypted hex). */
export interface EzpayReply {
  Status: string;
  Message: string;
  Result: string;
}

/** What a call comes to: a reply, the service down, or a reply issued but lost on its way. */
export type Answer = { kind: "reply"; reply: EzpayReply } | { kind: "down" } | { kind: "lost"; reply: EzpayReply };

export interface StandInMerchant {
  merchantId: string;
  keys: EzpayKeys;
}

/** The merchant the stand-in plays ezPay for: the store's own credentials; null when they are not set. */
export function standInMerchant(config: WorkerConfig): StandInMerchant | null {
  const { ezpayMerchantId: merchantId, ezpayHashKey: hashKey, ezpayHashIv: hashIv } = config;
  return merchantId && hashKey && hashIv ? { merchantId, keys: { hashKey, hashIv } } : null;
}

export const answer = (reply: EzpayReply): Answer => ({ kind: "reply", reply });
export const refused = ({ code, message }: Refusal): Answer => answer({ Status: code, Message: message, Result: "" });
export const succeeded = (message: string, result: Record<string, unknown> | string): EzpayReply => ({
  Status: "SUCCESS",
  Message: message,
  Result: typeof result === "string" ? result : JSON.stringify(result),
});
export const DOWN: Answer = { kind: "down" };

/** The body a proxy in front of an unreachable ezPay gives (HTTP 503), not JSON. */
export const DOWN_BODY = "503 Service Unavailable (stand-in ezPay: down)";

/** Sends an answer; the stand-in's replies are never cached. */
export function send(c: Context<WorkerEnv>, outcome: Answer): Response {
  c.header("Cache-Control", "no-store");
  if (outcome.kind === "down") return c.text(DOWN_BODY, 503);
  if (outcome.kind === "reply") return c.json(outcome.reply, 200);
  const text = JSON.stringify(outcome.reply);
  return c.body(text.slice(0, Math.floor(text.length / 2)), 200, { "Content-Type": "application/json; charset=UTF-8" });
}

/** A text field of a posted form ("" when absent). */
export const formText = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value : "";
};

/** The form as ezPay reads it first: MerchantID_ and PostData_ present, and the merchant the configured one. */
export function readCallForm(
  form: Record<string, unknown>,
  merchant: StandInMerchant | null,
): { merchant: StandInMerchant; postData: string } | Refusal {
  const merchantId = formText(form, "MerchantID_");
  if (!merchantId) return refusal("KEY10010");
  if (!merchant) return refusal("KEY10002", "本機模擬服務沒有設定 EZPAY_* 商店資料");
  if (merchantId !== merchant.merchantId) return refusal("KEY10002", `商店代號 ${merchantId} 不符`);
  const postData = formText(form, "PostData_");
  if (!postData) return refusal("KEY10011");
  return { merchant, postData };
}

/** RespondType, Version and TimeStamp inside PostData_, as every issue, void and search carries them. */
export function checkEnvelope(params: URLSearchParams, version: string): Refusal | null {
  if (params.get("RespondType") !== "JSON") return refusal("KEY10004", "RespondType 須為 JSON");
  if (params.get("Version") !== version) return refusal("KEY10004", `Version 須為 ${version}`);
  return checkTimeStamp(params);
}

/** TimeStamp in Unix seconds (at most 10 digits: milliseconds are refused). */
export function checkTimeStamp(params: URLSearchParams): Refusal | null {
  return /^\d{1,10}$/.test(params.get("TimeStamp") ?? "") ? null : refusal("KEY10004", "TimeStamp 須為 Unix 秒數");
}

export interface ApiCall {
  db: D1Database;
  params: URLSearchParams;
  merchant: StandInMerchant;
  switches: Switches;
  now: Date;
}

/**
 * An issue, void or search endpoint: down (to every call) before anything is read; then the form, the decryption
 * (`open`: the issue decodes CarrierNum once more) and the envelope, each refused with ezPay's code; then the call's
 * own handler, which answers DOWN itself when the switch is down for its order.
 */
export function apiEndpoint(
  version: string,
  open: (postData: string, keys: EzpayKeys) => Promise<URLSearchParams | null>,
  handle: (call: ApiCall) => Promise<Answer>,
) {
  return async (c: Context<WorkerEnv>) => {
    const db = c.env.DB;
    const switches = await readSwitches(db);
    if (isDownFor(switches, null)) return send(c, DOWN);
    const form = readCallForm(await formFields(c.req), standInMerchant(c.get("config")));
    if ("code" in form) return send(c, refused(form));
    const params = await open(form.postData, form.merchant.keys);
    if (!params) return send(c, refused(refusal("KEY10002")));
    const envelope = checkEnvelope(params, version);
    if (envelope) return send(c, refused(envelope));
    return send(c, await handle({ db, params, merchant: form.merchant, switches, now: new Date() }));
  };
}
