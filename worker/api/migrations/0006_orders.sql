-- Coupons, orders and their lines. Orders start at status 1 (訂單待確認).
CREATE TABLE coupons (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  discount INTEGER NOT NULL CHECK (discount > 0),
  min_subtotal INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL REFERENCES members (id),
  status INTEGER NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 10),
  category_type INTEGER NOT NULL CHECK (category_type IN (0, 1)),
  area_type INTEGER NOT NULL CHECK (area_type IN (0, 1)),
  pay_type INTEGER NOT NULL CHECK (pay_type BETWEEN 1 AND 7),
  delivery_type INTEGER NOT NULL,
  member_name TEXT NOT NULL,
  member_email TEXT NOT NULL,
  -- Address, phone and invoice details exactly as they applied (JSON of the accepted payload fields).
  details TEXT NOT NULL,
  coupon_code TEXT,
  subtotal INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  no_fee INTEGER NOT NULL,
  discount_price INTEGER NOT NULL,
  fee_extra INTEGER NOT NULL,
  total_revise INTEGER NOT NULL,
  total INTEGER NOT NULL CHECK (total >= 0),
  created_at TEXT NOT NULL
);

CREATE INDEX orders_member ON orders (member_id, created_at DESC);

CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id),
  title TEXT NOT NULL,
  price_sale INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (order_id, product_id)
);
