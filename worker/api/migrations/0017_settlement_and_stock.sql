-- Money you can trust (issue 20): one order state machine, payments settled on proof, deadlines, stock.

-- Orders: a version of the status for compare-and-set moves (worker/api/queries/order-transitions.ts), whether the
-- order holds a pre-order item (paid, it waits for stock: 4), whether its stock is still reserved (given back once,
-- when it ends), and when a refund became due (款項待退還).
ALTER TABLE orders ADD COLUMN status_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN has_pre_order INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN stock_reserved INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN refund_needed_at TEXT;
-- The token of the move that set the current status: what follows a move in its batch runs only for that move.
ALTER TABLE orders ADD COLUMN moved_by TEXT;

-- How many of a line were taken from the product's stock (0 for e-books, audio books and pre-orders).
ALTER TABLE order_items ADD COLUMN reserved INTEGER NOT NULL DEFAULT 0;

-- Every status change, as the state machine decided it.
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status INTEGER NOT NULL,
  to_status INTEGER NOT NULL,
  event TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- Attempts: where each stands (open: handed to the reader; account_issued: a transfer account waits for the money;
-- paid and failed as the gateway proved; expired past its deadline), until when it may be paid, the form handed
-- out (handed out again while the attempt is open), when the reconciler asks the gateway next, and whether its
-- payment must go back. settled_by marks which call settled it, so the order moves in that call's batch alone.
ALTER TABLE payment_attempts ADD COLUMN state TEXT NOT NULL DEFAULT 'open'
  CHECK (state IN ('open', 'account_issued', 'paid', 'failed', 'expired'));
ALTER TABLE payment_attempts ADD COLUMN deadline_at TEXT;
ALTER TABLE payment_attempts ADD COLUMN form TEXT;
ALTER TABLE payment_attempts ADD COLUMN next_check_at TEXT;
ALTER TABLE payment_attempts ADD COLUMN checks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_attempts ADD COLUMN refund_needed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_attempts ADD COLUMN settled_by TEXT;

UPDATE payment_attempts SET state = CASE
    WHEN gateway_status = 'SUCCESS' AND pay_time IS NOT NULL THEN 'paid'
    WHEN gateway_status IS NOT NULL AND gateway_status <> 'SUCCESS' THEN 'failed'
    WHEN account_no IS NOT NULL THEN 'account_issued'
    ELSE 'open' END,
  deadline_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+900 seconds');

-- The reconciler's look for unpaid orders past their deadline.
CREATE INDEX orders_unpaid ON orders (status) WHERE status IN (1, 3);

CREATE INDEX payment_attempts_to_check ON payment_attempts (state, next_check_at);

-- NewebPay locks QueryTradeInfo for 4 hours after too many "not found" look-ups (TRA10071): the reconciler waits.
CREATE TABLE payment_query_lock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  locked_until TEXT NOT NULL
);
