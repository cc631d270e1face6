-- E-invoices (issue 24): one per paid order that totals more than 0, written in the D1 batch that makes the order paid
-- (the state machine's move), issued through ezPay off the request path (worker/einvoice/), voided when the order ends.
-- `request` keeps the invoice_issue parameters as first asked (JSON, without TimeStamp), so every retry asks for the
-- same invoice under the same merchant_order_no, and ezPay's LIB10003 means "issued already: look it up".
--   pending   written, waiting to be issued (queued_at once handed to the invoice queue)
--   issuing   claimed by a consumer (claimed_at) that is asking ezPay now; a claim older than a few minutes is stale
--   issued    ezPay issued it (invoice_number, random_num, invoice_trans_no, issued_at), its CheckCode verified
--   failed    given up (failure_code, failure_message): ezPay refused it for good, or the last retry was spent
--   voiding   the order ended (void_wanted_at) after its invoice was issued: invoice_invalid is to be asked
--   voided    ezPay voided it (voided_at, void_reason)
--   void-failed  ezPay would not void it (failure_code: e.g. LIB10008, past the period)
--   unneeded  the order ended before its invoice was issued: none is issued
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL UNIQUE REFERENCES orders (id),
  merchant_order_no TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('donation', 'member-carrier', 'mobile-barcode', 'certificate', 'company')),
  request TEXT NOT NULL,
  total_amt INTEGER NOT NULL CHECK (total_amt > 0),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'issuing', 'issued', 'failed', 'voiding', 'voided', 'void-failed', 'unneeded')),
  invoice_number TEXT,
  random_num TEXT,
  invoice_trans_no TEXT,
  issued_at TEXT,
  void_wanted_at TEXT,
  void_reason TEXT,
  voided_at TEXT,
  failure_code TEXT,
  failure_message TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  queued_at INTEGER,
  claimed_at INTEGER,
  created_at INTEGER NOT NULL
);

-- What the cron hands on: the invoices still to be asked for, oldest first.
CREATE INDEX invoices_waiting ON invoices (status, id) WHERE status IN ('pending', 'issuing', 'voiding');
