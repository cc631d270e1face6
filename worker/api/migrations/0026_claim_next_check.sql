-- When the reconciler asks next about a kept claim of a payment of another amount (claimed_amount, migration 0024),
-- and how many times it has asked: a claim the gateway says is not paid yet is asked again after 2, 4, 8 … minutes,
-- at most hourly, until its window ends (worker/api/payment/claims.ts), claims due first. An ISO time, as
-- next_check_at. NULL: no claim waits, or one kept before this migration, which is due at once.
ALTER TABLE payment_attempts ADD COLUMN claim_next_check_at TEXT;
ALTER TABLE payment_attempts ADD COLUMN claim_checks INTEGER NOT NULL DEFAULT 0;

CREATE INDEX payment_attempts_claims ON payment_attempts (claim_next_check_at) WHERE claimed_amount IS NOT NULL;
