-- The amount a signed notify claimed the gateway took when it is not the attempt's (a payment of the wrong amount)
-- and QueryTradeInfo could not be asked about it then (unreachable, or TRA10071): the reconciler asks at this amount
-- later, and records the payment as money to refund when the gateway confirms it (worker/api/payment/reconciler.ts).
-- NULL: no such claim waits.
ALTER TABLE payment_attempts ADD COLUMN claimed_amount INTEGER;
