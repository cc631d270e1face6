-- Coupon limits, checkout idempotency keys. Written with the order in one batch (worker/api/queries/orders.ts),
-- so a refused coupon or a repeated key rolls the whole order back.

-- An optional cap on a coupon's uses over all members (NULL: no cap). Each member may use a coupon once.
ALTER TABLE coupons ADD COLUMN max_uses INTEGER CHECK (max_uses IS NULL OR max_uses > 0);

CREATE TABLE coupon_uses (
  code TEXT NOT NULL COLLATE NOCASE REFERENCES coupons (code),
  member_id INTEGER NOT NULL REFERENCES members (id),
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  used_at TEXT NOT NULL,
  PRIMARY KEY (code, member_id)
);

-- The cap holds even for two orders written at once: the insert that would pass it aborts its batch.
CREATE TRIGGER coupon_uses_cap BEFORE INSERT ON coupon_uses
WHEN (SELECT max_uses FROM coupons WHERE code = NEW.code) IS NOT NULL
 AND (SELECT COUNT(*) FROM coupon_uses WHERE code = NEW.code) >= (SELECT max_uses FROM coupons WHERE code = NEW.code)
BEGIN
  SELECT RAISE(ABORT, 'coupon_uses_cap');
END;

-- A checkout's Idempotency-Key per member: a repeat answers the first order; the payload's hash tells a repeat
-- from a different order sent with the same key.
CREATE TABLE checkout_requests (
  member_id INTEGER NOT NULL REFERENCES members (id),
  idempotency_key TEXT NOT NULL,
  payload_hash TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_id, idempotency_key)
);
