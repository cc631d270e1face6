-- The stand-in ezPay e-invoice service (worker/dev-einvoice/, only with DEV_EINVOICE=on) keeps its own record, as
-- ezPay does: invoice_search answers from these tables alone and never reads the store's (orders, the store's
-- invoices), so the store's issue, retry and void paths meet a service that can disagree with it. Production never
-- writes them. (0021 is the store's own invoices table.)

-- One row per issued invoice. id is the sequence the numbers are made from: invoice_number is the stand-in's track
-- (two letters) and id in 8 digits. merchant_order_no is unique, as ezPay's MerchantOrderNo is per merchant
-- (LIB10003 on a repeat). create_time is Taipei time as ezPay writes it ("2026-11-23 19:05:35"); created_at is ISO
-- for ordering. items is the JSON array of what was invoiced ({name, count, unit, price, amount}). A voided invoice
-- keeps its row with invalid_reason and invalid_time set.
CREATE TABLE dev_einvoice_invoices (
  id INTEGER PRIMARY KEY,
  invoice_number TEXT NOT NULL UNIQUE,
  merchant_order_no TEXT NOT NULL UNIQUE,
  invoice_trans_no TEXT NOT NULL UNIQUE,
  random_num TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('B2C', 'B2B')),
  buyer_name TEXT NOT NULL,
  buyer_ubn TEXT NOT NULL DEFAULT '',
  buyer_email TEXT NOT NULL DEFAULT '',
  carrier_type TEXT NOT NULL DEFAULT '' CHECK (carrier_type IN ('', '0', '1', '2')),
  carrier_num TEXT NOT NULL DEFAULT '',
  love_code TEXT NOT NULL DEFAULT '',
  print_flag TEXT NOT NULL CHECK (print_flag IN ('Y', 'N')),
  amt INTEGER NOT NULL,
  tax_amt INTEGER NOT NULL,
  total_amt INTEGER NOT NULL CHECK (total_amt > 0),
  items TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  invalid_reason TEXT,
  invalid_time TEXT,
  created_at TEXT NOT NULL
);

-- The dev-only switches, one row at most (absent: all off). down = 1: the API answers HTTP 503 (to every call when
-- down_order_no is '', else only to calls about that MerchantOrderNo). lost_replies > 0: that many of the next
-- successful issues (of any order when lost_order_no is '', else of that one) are stored but answered unreadably.
CREATE TABLE dev_einvoice_switches (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  down INTEGER NOT NULL DEFAULT 0 CHECK (down IN (0, 1)),
  down_order_no TEXT NOT NULL DEFAULT '',
  lost_replies INTEGER NOT NULL DEFAULT 0 CHECK (lost_replies >= 0),
  lost_order_no TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
