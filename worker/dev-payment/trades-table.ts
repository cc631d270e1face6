// The stand-in's own record of trades (dev_gateway_trades, migration 0018): what it decided for each MerchantOrderNo.
// Its QueryTradeInfo answers from this alone, never from the store's tables.
import { TRADE_STATUS } from "../api/payment/query-trade-signing";
import type { Trade } from "./trade-form";

export const QUERY_MODES = ["normal", "hang"] as const;
export type QueryMode = (typeof QUERY_MODES)[number];

/** A trade as the stand-in recorded it (a row of dev_gateway_trades). */
export interface StoredTrade {
  merchant_order_no: string;
  amount: number;
  trade_no: string;
  payment_type: string;
  trade_status: number;
  pay_time: string | null;
  bank_code: string | null;
  code_no: string | null;
  expire_date: string | null;
  query_mode: QueryMode;
  created_at: string;
  updated_at: string;
}

/** A 專戶匯款 account, with NewebPay's field names. */
export interface TransferAccount {
  BankCode: string;
  CodeNo: string;
  /** The account's last day, "2026-11-30" (NewebPay's Y-m-d). */
  ExpireDate: string;
}

/** What an outcome makes of the trade. */
export interface TradeState {
  status: number;
  payTime: string | null;
  account: TransferAccount | null;
}

export const findTrade = (db: D1Database, merchantOrderNo: string) =>
  db
    .prepare("SELECT * FROM dev_gateway_trades WHERE merchant_order_no = ?1")
    .bind(merchantOrderNo)
    .first<StoredTrade>();

/** The trade QueryTradeInfo asks about: NewebPay matches the amount as well as the MerchantOrderNo. */
export const findQueriedTrade = (db: D1Database, merchantOrderNo: string, amount: number) =>
  db
    .prepare("SELECT * FROM dev_gateway_trades WHERE merchant_order_no = ?1 AND amount = ?2")
    .bind(merchantOrderNo, amount)
    .first<StoredTrade>();

/** Records an outcome. A paid trade stays as it was paid: a later outcome, even a failure, changes nothing. */
export async function recordTrade(db: D1Database, trade: Trade, tradeNo: string, state: TradeState, now: Date) {
  await db
    .prepare(
      `INSERT INTO dev_gateway_trades (merchant_order_no, amount, trade_no, payment_type, trade_status, pay_time,
                                       bank_code, code_no, expire_date, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)
       ON CONFLICT (merchant_order_no) DO UPDATE SET
         trade_status = excluded.trade_status,
         pay_time = excluded.pay_time,
         bank_code = COALESCE(excluded.bank_code, bank_code),
         code_no = COALESCE(excluded.code_no, code_no),
         expire_date = COALESCE(excluded.expire_date, expire_date),
         updated_at = excluded.updated_at
       WHERE trade_status <> ?11`,
    )
    .bind(
      trade.merchantOrderNo,
      trade.amount,
      tradeNo,
      trade.flag,
      state.status,
      state.payTime,
      state.account?.BankCode ?? null,
      state.account?.CodeNo ?? null,
      state.account?.ExpireDate ?? null,
      now.toISOString(),
      TRADE_STATUS.paid,
    )
    .run();
}

/** Sets a trade's query mode; false when the stand-in has no such trade. */
export async function setQueryMode(db: D1Database, merchantOrderNo: string, mode: QueryMode): Promise<boolean> {
  const changed = await db
    .prepare("UPDATE dev_gateway_trades SET query_mode = ?2 WHERE merchant_order_no = ?1")
    .bind(merchantOrderNo, mode)
    .run();
  return changed.meta.changes !== 0;
}

/** The most recently updated trades, newest first. */
export async function recentTrades(db: D1Database, limit: number): Promise<StoredTrade[]> {
  const { results } = await db
    .prepare("SELECT * FROM dev_gateway_trades ORDER BY updated_at DESC, merchant_order_no LIMIT ?1")
    .bind(limit)
    .all<StoredTrade>();
  return results;
}
