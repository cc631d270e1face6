-- NewebPay MPG payment attempts. Every payment form sent to the gateway is one attempt of an order, with its own
-- MerchantOrderNo (order number without dashes + _attempt); the gateway's NotifyURL call records its outcome once.
CREATE TABLE payment_attempts (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  attempt INTEGER NOT NULL CHECK (attempt >= 1),
  merchant_order_no TEXT NOT NULL UNIQUE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  created_at TEXT NOT NULL,
  -- What the gateway reported (NotifyURL); all null until it has. gateway_status is SUCCESS or an error code.
  gateway_status TEXT,
  gateway_message TEXT,
  trade_no TEXT,
  pay_time TEXT,
  notified_at TEXT,
  -- 專戶匯款 (VACC): the account and deadline the gateway issued (CustomerURL), before the money arrives.
  bank_code TEXT,
  account_no TEXT,
  expire_date TEXT,
  UNIQUE (order_id, attempt)
);
