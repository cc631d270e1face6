// The store's calls to ezPay (EINVOICE.md), server to server: invoice_issue (Version 1.5), invoice_invalid (1.0) and
// invoice_search (1.3), each a form POST of MerchantID_ and PostData_ to `<EZPAY_URL>/Api/<call>`, with RespondType
// JSON, the call's Version and TimeStamp (Unix seconds, added at each call) inside PostData_. The reply is
// `{ Status, Message, Result }` with Result a JSON string. Every call comes to one of three outcomes, never a throw:
//   ok           Status SUCCESS, Result parsed (an object)
//   refused      Status is ezPay's code, with its Message
//   unreachable  no reply within EZPAY_TIMEOUT_MS, a network error, a status other than 200, or a body that is not
//                the whole JSON envelope (the stand-in's `down` answers 503 text; `lost_replies` cuts the JSON off)
// An issue that is unreachable may have been issued all the same: asking again with the same MerchantOrderNo answers
// LIB10003, and invoice_search finds it (issue-invoice.ts).
import type { WorkerConfig } from "../config";
import { sealIssueParams } from "./issue-params";
import { ISSUE_VERSION } from "./issue-request";
import { type EzpayKeys, type EzpayParams, ezpayForm, sealPostData } from "./post-data";

export const INVALID_VERSION = "1.0";
export const SEARCH_VERSION = "1.3";

/** The merchant the store calls ezPay as. */
export interface EzpayMerchant {
  merchantId: string;
  keys: EzpayKeys;
}

/** What the client reads of the configuration. */
export type EzpayConfig = Pick<
  WorkerConfig,
  "ezpayMerchantId" | "ezpayHashKey" | "ezpayHashIv" | "ezpayUrl" | "ezpayTimeoutMs"
>;

/** The merchant of the configuration; null when its credentials are not set (invoices wait as 待開立). */
export function ezpayMerchant(config: EzpayConfig): EzpayMerchant | null {
  const { ezpayMerchantId: merchantId, ezpayHashKey: hashKey, ezpayHashIv: hashIv } = config;
  return merchantId && hashKey && hashIv ? { merchantId, keys: { hashKey, hashIv } } : null;
}

export type EzpayOutcome =
  | { kind: "ok"; result: Record<string, unknown>; message: string }
  | { kind: "refused"; code: string; message: string }
  | { kind: "unreachable"; reason: string };

/** How the client reaches the network (the tests route it to the stand-in in-process). */
export type Fetch = (request: Request) => Promise<Response>;

const SUCCESS = "SUCCESS";

const unreachable = (reason: string): EzpayOutcome => ({ kind: "unreachable", reason });

/** The envelope of a reply's text, or why it cannot be read. */
function readReply(text: string): EzpayOutcome {
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return unreachable("the reply is not JSON (cut off?)");
  }
  if (typeof reply !== "object" || reply === null || Array.isArray(reply)) {
    return unreachable("the reply is not a JSON object");
  }
  const { Status, Message, Result } = reply as Record<string, unknown>;
  if (typeof Status !== "string" || Status === "") return unreachable("the reply has no Status");
  const message = typeof Message === "string" ? Message : "";
  if (Status !== SUCCESS) return { kind: "refused", code: Status, message };
  if (typeof Result !== "string") return unreachable("the reply's Result is not a JSON string");
  let result: unknown;
  try {
    result = JSON.parse(Result);
  } catch {
    return unreachable("the reply's Result is not JSON");
  }
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    return unreachable("the reply's Result is not a JSON object");
  }
  return { kind: "ok", result: result as Record<string, unknown>, message };
}

export class EzpayClient {
  constructor(
    readonly merchant: EzpayMerchant,
    private readonly target: { url: string; timeoutMs: number },
    private readonly send: Fetch = (request) => fetch(request),
  ) {}

  /** Posts one call's PostData_ to `/Api/<path>` and reads the envelope. */
  private async post(path: string, postData: string): Promise<EzpayOutcome> {
    try {
      const response = await this.send(
        new Request(`${this.target.url.replace(/\/+$/, "")}/Api/${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: ezpayForm(this.merchant.merchantId, postData),
          signal: AbortSignal.timeout(this.target.timeoutMs),
        }),
      );
      if (response.status !== 200) {
        await response.body?.cancel();
        return unreachable(`HTTP ${response.status}`);
      }
      return readReply(await response.text());
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      return unreachable(name === "TimeoutError" || name === "AbortError" ? "timeout" : `network: ${String(error)}`);
    }
  }

  /** The call's envelope fields around `params`, TimeStamp in Unix seconds. */
  private envelope(version: string, params: EzpayParams, now: Date): EzpayParams {
    return { ...params, RespondType: "JSON", Version: version, TimeStamp: Math.floor(now.getTime() / 1000) };
  }

  /** invoice_issue with the stored request (without TimeStamp): CarrierNum sealed as ezPay's sample does it. */
  async issue(params: EzpayParams, now: Date): Promise<EzpayOutcome> {
    const sealed = await sealIssueParams(this.envelope(ISSUE_VERSION, params, now), this.merchant.keys);
    return this.post("invoice_issue", sealed);
  }

  /** invoice_invalid: voids an issued invoice, with a reason of at most 6 characters (e.g. 訂單取消). */
  async invalid(invoice: { invoiceNumber: string; reason: string }, now: Date): Promise<EzpayOutcome> {
    const params = { InvoiceNumber: invoice.invoiceNumber, InvalidReason: invoice.reason };
    return this.post(
      "invoice_invalid",
      await sealPostData(this.envelope(INVALID_VERSION, params, now), this.merchant.keys),
    );
  }

  /** invoice_search by SearchType 1: the invoice issued for this MerchantOrderNo and TotalAmt. */
  async searchByOrder(order: { merchantOrderNo: string; totalAmt: number }, now: Date): Promise<EzpayOutcome> {
    const params = { SearchType: "1", MerchantOrderNo: order.merchantOrderNo, TotalAmt: order.totalAmt };
    return this.post(
      "invoice_search",
      await sealPostData(this.envelope(SEARCH_VERSION, params, now), this.merchant.keys),
    );
  }
}

/** The client of the configuration; null when ezPay's credentials are not set. */
export function ezpayClient(config: EzpayConfig, send?: Fetch): EzpayClient | null {
  const merchant = ezpayMerchant(config);
  return merchant ? new EzpayClient(merchant, { url: config.ezpayUrl, timeoutMs: config.ezpayTimeoutMs }, send) : null;
}
