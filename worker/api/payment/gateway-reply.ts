// What NewebPay posts back (NotifyURL, ReturnURL, CustomerURL): form fields whose TradeInfo, once its TradeSha is
// verified, decrypts to JSON { Status, Message, Result }. Everything here is untrusted input: each check answers a
// reason instead of throwing, so no forged call can end in a 500.
import { z } from "zod";
import type { Merchant } from "./merchant";
import { decryptTradeInfo, isSignedTradeInfo, sealTradeInfo } from "./mpg-crypto";
import { MPG_VERSION } from "./trade-info";

/** Far more than any real reply; the API's body limit (64 KB) bounds it anyway. */
const TRADE_INFO_MAX = 16_384;

const replyFields = z.object({
  Status: z.string().max(40).optional(),
  MerchantID: z.string().min(1).max(40),
  Version: z.string().max(10).optional(),
  TradeInfo: z.string().min(32).max(TRADE_INFO_MAX),
  TradeSha: z.string().length(64),
});

const text = (max: number) => z.string().max(max);

const gatewayResult = z.object({
  Status: text(40).min(1),
  Message: text(500).optional(),
  Result: z.looseObject({
    MerchantID: text(40),
    Amt: z.union([
      z.number().int().min(0),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ]),
    MerchantOrderNo: text(30).min(1),
    TradeNo: text(40).optional(),
    PaymentType: text(20).optional(),
    PayTime: text(40).optional(),
    // 專戶匯款 (VACC): the account issued (CustomerURL, and some integrations' NotifyURL), with no PayTime ...
    BankCode: text(10).optional(),
    CodeNo: text(40).optional(),
    ExpireDate: text(20).optional(),
    ExpireTime: text(20).optional(),
    // ... and, once the money is in, the payer's bank and the last five digits of their account.
    PayBankCode: text(10).optional(),
    PayerAccount5Code: text(10).optional(),
  }),
});

export type GatewayResult = z.output<typeof gatewayResult>;

export type GatewayReply = { ok: true; result: GatewayResult } | { ok: false; reason: string };

/** Checks a reply in NewebPay's order: the fields, then TradeSha, then decryption, then the JSON, then the merchant. */
export async function readGatewayReply(form: unknown, merchant: Merchant): Promise<GatewayReply> {
  const fields = replyFields.safeParse(form);
  if (!fields.success) return { ok: false, reason: "missing or malformed fields" };
  const { TradeInfo, TradeSha, MerchantID } = fields.data;
  if (!(await isSignedTradeInfo(TradeInfo, TradeSha, merchant.keys))) return { ok: false, reason: "bad TradeSha" };
  const plain = await decryptTradeInfo(TradeInfo, merchant.keys);
  if (plain === null) return { ok: false, reason: "TradeInfo does not decrypt" };
  let json: unknown;
  try {
    json = JSON.parse(plain);
  } catch {
    return { ok: false, reason: "TradeInfo is not JSON" };
  }
  const result = gatewayResult.safeParse(json);
  if (!result.success) return { ok: false, reason: "TradeInfo lacks Status or Result" };
  if (MerchantID !== merchant.merchantId || result.data.Result.MerchantID !== merchant.merchantId) {
    return { ok: false, reason: "another MerchantID" };
  }
  return { ok: true, result: result.data };
}

/** The reply's form fields from a request body; an unreadable body is no fields (the checks then refuse it). */
export async function formFields(request: { parseBody: () => Promise<Record<string, unknown>> }) {
  try {
    return await request.parseBody();
  } catch {
    return {};
  }
}

export interface SealedReply extends Record<string, string> {
  Status: string;
  MerchantID: string;
  Version: string;
  TradeInfo: string;
  TradeSha: string;
}

/** A reply as the gateway sends it (the stand-in gateway and the tests play NewebPay with this). */
export async function sealGatewayReply(result: GatewayResult, merchant: Merchant): Promise<SealedReply> {
  const sealed = await sealTradeInfo(JSON.stringify(result), merchant.keys);
  return { Status: result.Status, MerchantID: merchant.merchantId, Version: MPG_VERSION, ...sealed };
}
