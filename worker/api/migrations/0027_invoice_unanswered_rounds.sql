-- A 開立中 invoice whose retries were spent while ezPay could not say whether it holds it (worker/einvoice/
-- unanswered-rounds.ts): how many such rounds ended without an answer, and when the cron may hand it on for the next
-- (ms): 30 minutes after the first, then twice as long each time, at most 6 hours. Every round asks with the same
-- MerchantOrderNo, so a late answer never makes a second invoice. 0 and NULL: no round ended so (the cron then
-- hands it on as any lost message, QUEUED_STALE_MS after queued_at).
ALTER TABLE invoices ADD COLUMN unanswered_rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN next_round_at INTEGER;
