-- The stand-in NewebPay gateway (worker/dev-payment/, only with DEV_PAYMENT=on) keeps its own record, as NewebPay
-- does: its QueryTradeInfo answers from these tables alone and never reads the store's, so the store's reconciler is
-- checked against a gateway that cannot agree with it by construction. Production never writes them.

-- One row per MerchantOrderNo, from the first outcome a reader picked on the stand-in's page. trade_status is
-- QueryTradeInfo's TradeStatus: 0 unpaid (a transfer account issued), 1 paid, 2 failed; a paid trade stays paid.
-- pay_time is Taipei time as NewebPay writes it ("2026-11-23 19:05:35"); expire_date is the account's last day
-- ("2026-11-30"). query_mode 'hang' makes QueryTradeInfo stall on this trade alone (the store's "gateway
-- unreachable" path), so the shared test servers' other trades are not affected.
CREATE TABLE dev_gateway_trades (
  merchant_order_no TEXT PRIMARY KEY,
  amount INTEGER NOT NULL CHECK (amount > 0),
  trade_no TEXT NOT NULL,
  payment_type TEXT NOT NULL,
  trade_status INTEGER NOT NULL CHECK (trade_status IN (0, 1, 2)),
  pay_time TEXT,
  bank_code TEXT,
  code_no TEXT,
  expire_date TEXT,
  query_mode TEXT NOT NULL DEFAULT 'normal' CHECK (query_mode IN ('normal', 'hang')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX dev_gateway_trades_updated ON dev_gateway_trades (updated_at);

-- QueryTradeInfo's 查無交易資料 (TRA20002) look-ups, for NewebPay's lock (TRA10071) after too many within an hour.
-- Rows older than the hour are deleted as new ones come.
CREATE TABLE dev_gateway_query_misses (
  id INTEGER PRIMARY KEY,
  missed_at TEXT NOT NULL
);

CREATE INDEX dev_gateway_query_misses_at ON dev_gateway_query_misses (missed_at);

-- Until when QueryTradeInfo is locked: one row at most.
CREATE TABLE dev_gateway_query_lock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  locked_until TEXT NOT NULL
);
