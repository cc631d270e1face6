// The demo member, with a password hashed exactly as the built-in API hashes it.
import { hashPassword } from "../../worker/api/auth/password.ts";

export const DEMO_MEMBER = { email: "demo@example.com", password: "Demo1234", name: "林靜宜" };

const sqlValue = (v) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

/** Past orders of the demo member, at the prices of the day (statuses 7 出貨完畢, 5 完成付款, 1 訂單待確認). */
function demoOrders() {
  const details = JSON.stringify({
    receiver: "林靜宜",
    cellphone: "0912345678",
    area_code: "02",
    tel_type: "市話",
    tel: "23456789",
    city: "臺北市",
    area: "中正區",
    address: "重慶南路一段 1 號",
    country: "台灣",
    invoice_type: 1,
    invoice_donation: "5617",
  }).replaceAll("'", "''");
  const orders = [
    [
      1,
      "BK20250312-000001-7KQ3ZP",
      7,
      1,
      1,
      [
        [1, 300, 1],
        [3, 280, 2],
      ],
      "2025-03-12T02:15:00Z",
    ],
    [2, "BK20250820-000002-XW4N8D", 5, 3, 1, [[5, 420, 1]], "2025-08-20T09:40:00Z"],
    // Unpaid and 貨到付款, which has no payment deadline: the reconciler never ends it (an online payment would).
    [3, "BK20261101-000003-H2WQ7N", 1, 6, 1, [[2, 350, 1]], "2026-11-01T13:05:00Z"],
  ];
  return [
    ...orders.flatMap(([id, no, status, payType, deliveryType, lines, at]) => {
      const subtotal = lines.reduce((sum, [, price, qty]) => sum + price * qty, 0);
      const noFee = subtotal >= 1000 ? 1 : 0;
      const total = subtotal + (noFee ? 0 : 80);
      return [
        `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total, created_at) VALUES (${id}, '${no}', 1, ${status}, 0, 0, ${payType}, ${deliveryType}, '林靜宜', 'demo@example.com', '${details}', NULL, ${subtotal}, 80, ${noFee}, 0, 0, 0, ${total}, '${at}');`,
        ...lines.map(
          ([product, price, qty]) =>
            `INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) SELECT ${id}, id, title, ${price}, ${qty} FROM products WHERE id = ${product};`,
        ),
      ];
    }),
    ...digitalOrder(),
  ];
}

/** A paid order of the first two e-books and the first audio book, so the bookcase has something to show. */
function digitalOrder() {
  const details = JSON.stringify({ invoice_type: 2, invoice_carrier_type: 1 });
  return [
    `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total, created_at) VALUES (4, 'BK20260915-000004-9RDKAE', 1, 5, 1, 0, 1, 1, '林靜宜', 'demo@example.com', '${details}', NULL, 0, 0, 0, 0, 0, 0, 0, '2026-09-15T12:30:00Z');`,
    `INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) SELECT 4, id, title, price_sale, 1 FROM products WHERE id IN (SELECT id FROM (SELECT id FROM products WHERE format = 2 ORDER BY id LIMIT 2) UNION ALL SELECT id FROM (SELECT id FROM products WHERE format = 3 ORDER BY id LIMIT 1));`,
    "UPDATE orders SET subtotal = (SELECT SUM(price_sale * quantity) FROM order_items WHERE order_id = 4) WHERE id = 4;",
    "UPDATE orders SET total = subtotal WHERE id = 4;",
  ];
}

export async function membersSql() {
  // A fixed salt keeps the seed file the same from run to run.
  const salt = new TextEncoder().encode("demo-member-salt");
  const passwordHash = await hashPassword(DEMO_MEMBER.password, salt);
  const row = [
    1,
    DEMO_MEMBER.email,
    DEMO_MEMBER.name,
    passwordHash,
    "0912345678",
    "1988-04-08",
    2,
    "2024-01-15T09:30:00Z",
  ];
  const likes = [
    [0, 1],
    [0, 3],
    [0, 5],
    [1, 1],
    [1, 2],
    [2, 1],
    [2, 3],
  ];
  return [
    `INSERT INTO members (id, email, name, password_hash, cellphone, birthday, gender, created_at) VALUES (${row.map(sqlValue).join(", ")});`,
    ...likes.map(
      ([type, id]) =>
        `INSERT INTO likes (member_id, type, item_id, created_at) VALUES (1, ${type}, ${id}, '2025-03-01T10:00:00Z');`,
    ),
    `INSERT INTO carts (member_id, items, updated_at) VALUES (1, '{"1":2,"3":1}', '2025-03-02T10:00:00Z');`,
    ...demoOrders(),
    // Saved recipients: home (the default) and a daughter studying in Japan.
    `INSERT INTO recipients (member_id, name, cellphone, area_type, country, city, area, address, area_code, tel_type, tel, is_default, created_at) VALUES (1, '林靜宜', '0912345678', 0, '台灣', '臺北市', '中正區', '重慶南路一段 1 號', '02', '市話', '23456789', 1, '2024-01-15T09:40:00Z');`,
    `INSERT INTO recipients (member_id, name, cellphone, area_type, country, city, area, address, area_code, tel_type, tel, is_default, created_at) VALUES (1, '陳思妤', '+819012345678', 1, '日本', NULL, NULL, '東京都新宿区西新宿 2-8-1', NULL, NULL, NULL, 0, '2025-05-02T11:00:00Z');`,
    ...["new_books", "activities"].map(
      (topic) =>
        `INSERT INTO subscriptions (member_id, topic, created_at) VALUES (1, '${topic}', '2025-03-01T10:00:00Z');`,
    ),
    `INSERT INTO coupons (code, discount, min_subtotal, expires_at) VALUES ('WELCOME100', 100, 500, '2099-12-31T23:59:59Z');`,
    `INSERT INTO coupons (code, discount, min_subtotal, expires_at) VALUES ('EXPIRED50', 50, 0, '2020-01-01T00:00:00Z');`,
    // A coupon for the first 500 orders that use it (each member once, like every coupon).
    `INSERT INTO coupons (code, discount, min_subtotal, expires_at, max_uses) VALUES ('BOOKFAIR50', 50, 300, '2099-12-31T23:59:59Z', 500);`,
  ];
}

export const MEMBER_TABLES = [
  "mail_outbox",
  "oauth_tickets",
  "oauth_identities",
  "recovery_codes",
  "subscriptions",
  "recipients",
  "payment_query_lock",
  "order_events",
  "payment_attempts",
  "checkout_requests",
  "coupon_uses",
  "order_items",
  "orders",
  "coupons",
  "carts",
  "likes",
  "attempt_windows",
  "recovery_limits",
  "sessions",
  "members",
];
