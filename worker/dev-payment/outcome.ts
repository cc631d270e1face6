// What the stand-in gateway says for the outcome a reader picked: the signed result, the state it records, whether
// the store is notified and where the reader's browser takes the result. TradeNo, transfer account and payer are
// derived from the MerchantOrderNo, so the same trade always gets the same ones.

import { sha256Bytes } from "~/domain/sha256";
import type { GatewayResult } from "../api/payment/gateway-reply";
import type { Merchant } from "../api/payment/merchant";
import { TRADE_STATUS } from "../api/payment/query-trade-signing";
import { endOfTaipeiDay, taipeiTime } from "./taipei-time";
import type { Flag, Trade } from "./trade-form";
import type { StoredTrade, TradeState, TransferAccount } from "./trades-table";

/** The outcomes a reader can pick, and their buttons. The silent ones take the payment but never call NotifyURL. */
export const OUTCOME_LABEL = {
  success: "付款成功",
  "success-silent": "僅扣款，不通知商店",
  failure: "付款失敗",
  transfer: "模擬轉帳入帳",
  "transfer-silent": "僅入帳，不通知商店",
} as const;
export type Outcome = keyof typeof OUTCOME_LABEL;

/** A transfer account's life when the form asks for no ExpireDate. */
const ACCOUNT_DEFAULT_DAYS = 7;
const ACCOUNT_BANK_CODE = "012";
/** The bank a simulated transfer comes from (the payer's, PayBankCode). */
const PAYER_BANK_CODE = "809";

/** The outcomes of a method, in the page's order. For VACC 付款成功 issues the account; the transfer pays. */
export function outcomesOf(flag: Flag): readonly Outcome[] {
  return flag === "VACC"
    ? ["success", "failure", "transfer", "transfer-silent"]
    : ["success", "success-silent", "failure"];
}

/** Digits derived from the MerchantOrderNo, so the same trade always has the same TradeNo and account. */
async function digitsOf(text: string, count: number): Promise<string> {
  const hash = await sha256Bytes(text);
  return Array.from(hash.slice(0, count), (byte) => String(byte % 10)).join("");
}

/** The trade's account: the one already issued, else a new one lasting to ExpireDate or the default 7 days. */
async function accountOf(trade: Trade, known: StoredTrade | null, now: Date): Promise<TransferAccount> {
  return {
    BankCode: known?.bank_code ?? ACCOUNT_BANK_CODE,
    CodeNo: known?.code_no ?? `99${await digitsOf(`${trade.merchantOrderNo}/account`, 12)}`,
    ExpireDate: known?.expire_date ?? trade.expireDate ?? taipeiTime(now, ACCOUNT_DEFAULT_DAYS).slice(0, 10),
  };
}

export interface Decision {
  result: GatewayResult;
  state: TradeState;
  tradeNo: string;
  notifies: boolean;
  /** Where the reader's browser takes the result. */
  action: string;
  title: string;
}

/** What an outcome does, or a Chinese reason when the gateway would refuse it now. */
export async function decide(
  trade: Trade,
  outcome: Outcome,
  merchant: Merchant,
  known: StoredTrade | null,
  now: Date,
): Promise<Decision | string> {
  const tradeNo = known?.trade_no ?? `26${await digitsOf(trade.merchantOrderNo, 15)}`;
  const base = {
    MerchantID: merchant.merchantId,
    Amt: trade.amount,
    TradeNo: tradeNo,
    MerchantOrderNo: trade.merchantOrderNo,
    PaymentType: trade.flag,
  };
  const payTime = taipeiTime(now);
  const silent = outcome === "success-silent" || outcome === "transfer-silent";
  const back = { tradeNo, notifies: !silent, action: trade.returnUrl };
  if (outcome === "failure") {
    return {
      ...back,
      result: { Status: "MPG03009", Message: "交易失敗（模擬）", Result: base },
      state: { status: TRADE_STATUS.failed, payTime: null, account: null },
      title: "付款失敗",
    };
  }
  if (trade.flag !== "VACC") {
    return {
      ...back,
      result: { Status: "SUCCESS", Message: "付款成功", Result: { ...base, PayTime: payTime } },
      state: { status: TRADE_STATUS.paid, payTime, account: null },
      title: "付款成功",
    };
  }
  const account = await accountOf(trade, known, now);
  if (outcome === "success") {
    // The account-issued result: Status SUCCESS but no PayTime, which is no payment (PAYMENT.md). Some NewebPay
    // integrations get it at NotifyURL too, so the store meets it there as well as at CustomerURL.
    return {
      ...back,
      result: { Status: "SUCCESS", Message: "取號成功", Result: { ...base, ...account, ExpireTime: "23:59:59" } },
      state: { status: TRADE_STATUS.unpaid, payTime: null, account },
      action: trade.customerUrl ?? trade.returnUrl,
      title: "已產生轉帳帳號",
    };
  }
  if (now.getTime() >= endOfTaipeiDay(account.ExpireDate)) {
    return `已超過繳費期限（ExpireDate ${account.ExpireDate}），這個帳號不再入帳`;
  }
  const payer = {
    PayBankCode: PAYER_BANK_CODE,
    PayerAccount5Code: await digitsOf(`${trade.merchantOrderNo}/payer`, 5),
  };
  return {
    ...back,
    result: { Status: "SUCCESS", Message: "付款成功", Result: { ...base, PayTime: payTime, ...payer, ...account } },
    state: { status: TRADE_STATUS.paid, payTime, account },
    title: "轉帳已入帳",
  };
}
