-- An invoice whose issue request may have reached ezPay without an answer the store could record (no reply, a SUCCESS
-- not believed, LIB10003 that invoice_search did not find, or a consumer that died holding its claim): when the try
-- that went so was claimed (ms). ezPay may hold its invoice, so it stays issuing (開立中) whatever a later retry's
-- answer that issues nothing (NOR10001, CBC10004, the store's own trouble) says, and every later try still asks with
-- the same MerchantOrderNo (LIB10003, then invoice_search) or, once its order ended, looks it up. NULL: every request
-- it sent was answered (worker/einvoice/invoice-rows.ts).
ALTER TABLE invoices ADD COLUMN unanswered_at INTEGER;

-- A row issuing now was either left so by an unanswered try (its claim released) or is claimed: both may have
-- reached ezPay.
UPDATE invoices SET unanswered_at = COALESCE(claimed_at, queued_at, created_at) WHERE status = 'issuing';
