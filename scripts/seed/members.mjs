// The demo member, with a password hashed exactly as the built-in API hashes it.
import { hashPassword } from "../../worker/api/auth/password.ts";

export const DEMO_MEMBER = { email: "demo@example.com", password: "Demo1234", name: "林靜宜" };

const sqlValue = (v) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

/** The paper books and goods (SPEC §3: categories 1 and 4, not on pre-order) a physical order's lines take, by place. */
const PHYSICAL = "SELECT id, title FROM products WHERE category_id IN (1, 4) AND is_pre_order = 0 ORDER BY id";

/**
 * Past orders of the demo member, at the prices of the day (statuses 7 出貨完畢, 5 完成付款, 1 訂單待確認). SPEC §4:
 * a physical order (category_type 0) holds only categories 1 and 4, so its lines are the catalogue's first paper
 * books and goods, whatever the catalogue's size (the product ids' formats change with it).
 */
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
  // [id, number, status, pay type, delivery type, lines ([place among PHYSICAL, price, quantity]), placed, paid]
  const orders = [
    [
      1,
      "BK20250312-000001-7KQ3ZP",
      7,
      1,
      1,
      [
        [0, 300, 1],
        [1, 280, 2],
      ],
      "2025-03-12T02:15:00Z",
      "2025-03-12T02:18:40Z",
    ],
    [2, "BK20250820-000002-XW4N8D", 5, 3, 1, [[2, 420, 1]], "2025-08-20T09:40:00Z", "2025-08-20T09:42:15Z"],
    // Unpaid and 貨到付款, which has no payment deadline: the reconciler never ends it (an online payment would).
    [3, "BK20261101-000003-H2WQ7N", 1, 6, 1, [[3, 350, 1]], "2026-11-01T13:05:00Z", null],
  ];
  return [
    ...orders.flatMap(([id, no, status, payType, deliveryType, lines, at, paidAt]) => {
      const subtotal = lines.reduce((sum, [, price, qty]) => sum + price * qty, 0);
      const noFee = subtotal >= 1000 ? 1 : 0;
      const total = subtotal + (noFee ? 0 : 80);
      return [
        `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total, created_at) VALUES (${id}, '${no}', 1, ${status}, 0, 0, ${payType}, ${deliveryType}, '林靜宜', 'demo@example.com', '${details}', NULL, ${subtotal}, 80, ${noFee}, 0, 0, 0, ${total}, '${at}');`,
        ...lines.map(
          ([place, price, qty]) =>
            `INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) SELECT ${id}, id, title, ${price}, ${qty} FROM (${PHYSICAL} LIMIT 1 OFFSET ${place});`,
        ),
        ...(paidAt ? paidOrderSql({ id, no, at, paidAt, kind: "donation", buyer: { LoveCode: "5617" } }) : []),
      ];
    }),
    ...digitalOrder(),
  ];
}

/**
 * A paid order of the first two e-books and the first audio book that checkout could have taken (SPEC §4: none read
 * elsewhere, through a readmoo_link; none a pre-order, which would wait as 訂單待進貨), so the bookcase has something
 * to show.
 */
function digitalOrder() {
  const details = JSON.stringify({ invoice_type: 2, invoice_carrier_type: 1 });
  return [
    `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total, created_at) VALUES (4, 'BK20260915-000004-9RDKAE', 1, 5, 1, 0, 1, 1, '林靜宜', 'demo@example.com', '${details}', NULL, 0, 0, 0, 0, 0, 0, 0, '2026-09-15T12:30:00Z');`,
    `INSERT INTO order_items (order_id, product_id, title, price_sale, quantity) SELECT 4, id, title, price_sale, 1 FROM products WHERE id IN (SELECT id FROM (SELECT id FROM products WHERE format = 2 AND readmoo_link IS NULL AND is_pre_order = 0 ORDER BY id LIMIT 2) UNION ALL SELECT id FROM (SELECT id FROM products WHERE format = 3 AND readmoo_link IS NULL AND is_pre_order = 0 ORDER BY id LIMIT 1));`,
    "UPDATE orders SET subtotal = (SELECT SUM(price_sale * quantity) FROM order_items WHERE order_id = 4) WHERE id = 4;",
    "UPDATE orders SET total = subtotal WHERE id = 4;",
    ...paidOrderSql({
      id: 4,
      no: "BK20260915-000004-9RDKAE",
      at: "2026-09-15T12:30:00Z",
      paidAt: "2026-09-15T12:32:05Z",
      kind: "member-carrier",
      // worker/einvoice/issue-request.ts: the member carrier is CarrierType 2 with the member's stable carrier id.
      buyer: { CarrierType: "2", CarrierNum: "BKMEMBER00000001" },
    }),
  ];
}

const plusSeconds = (iso, seconds) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** An ISO time as Taipei's wall clock, "2025-03-12 10:18:40" (NewebPay's PayTime, ezPay's CreateTime). */
const taipeiClock = (iso) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");

/**
 * What a paid order holds once its payment settled and its e-invoice was issued, as the real flow writes them: the
 * paid attempt (worker/api/queries/payments.ts settlePaid), the state machine's 1 → 5 move (order_events), and the
 * issued invoice (worker/api/queries/order-invoices.ts, then invoice-rows.ts recordIssued), its `request` the
 * invoice_issue parameters issueRequest makes (B2C, amounts with tax, the lines then 運費 when it applies). The
 * amounts are read from the order's row and lines, so they always match the order; a unit test
 * (seeded-orders.test.ts) checks the request against issueRequest itself.
 */
function paidOrderSql({ id, no, at, paidAt, kind, buyer }) {
  const merchantOrderNo = `${no.replaceAll("-", "")}_1`;
  const invoiceOrderNo = `${no.slice(0, 10)}_${String(id).padStart(6, "0")}`;
  const stamp = taipeiClock(paidAt).replace(/\D/g, "").slice(2);
  const issuedAt = plusSeconds(paidAt, 90);
  const fee = `(SELECT CASE WHEN no_fee = 1 OR area_type = 1 OR category_type = 1 THEN 0 ELSE fee END FROM orders WHERE id = ${id})`;
  const lines = (expr) =>
    `(SELECT group_concat(v, '|') FROM (SELECT ${expr} AS v FROM order_items WHERE order_id = ${id} ORDER BY rowid))`;
  const withFee = (linesExpr, feeExpr) => `${linesExpr} || CASE WHEN ${fee} > 0 THEN '|' || ${feeExpr} ELSE '' END`;
  const buyerPairs = Object.entries(buyer)
    .map(([key, value]) => `'${key}', '${value}'`)
    .join(", ");
  const request = `json_object('RespondType', 'JSON', 'Version', '1.5', 'MerchantOrderNo', '${invoiceOrderNo}',
      'Status', '1', 'Category', 'B2C', 'BuyerName', member_name, 'BuyerEmail', member_email, ${buyerPairs},
      'PrintFlag', 'N', 'TaxType', '1', 'TaxRate', 5, 'Amt', (40 * total + 21) / 42, 'TaxAmt', total - (40 * total + 21) / 42,
      'TotalAmt', total,
      'ItemName', ${withFee(lines("replace(trim(title), '|', '｜')"), "'運費'")},
      'ItemCount', ${withFee(lines("quantity"), "'1'")},
      'ItemUnit', ${withFee(lines("'件'"), "'式'")},
      'ItemPrice', ${withFee(lines("price_sale"), fee)},
      'ItemAmt', ${withFee(lines("price_sale * quantity"), fee)},
      'Comment', '訂單編號 ' || order_no)`.replace(/\s*\n\s*/g, " ");
  return [
    `UPDATE orders SET status_seq = 1 WHERE id = ${id};`,
    `INSERT INTO order_events (order_id, from_status, to_status, event, at) VALUES (${id}, 1, 5, 'paid', '${paidAt}');`,
    `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at, state, deadline_at, next_check_at, gateway_status, gateway_message, trade_no, pay_time, notified_at, settled_by) SELECT ${id}, 1, '${merchantOrderNo}', total, '${plusSeconds(at, 5)}', 'paid', '${plusSeconds(at, 905)}', '${plusSeconds(at, 125)}', 'SUCCESS', '授權成功', '${stamp}${String(id).padStart(5, "0")}', '${taipeiClock(paidAt)}', '${plusSeconds(paidAt, 3)}', 'seed' FROM orders WHERE id = ${id};`,
    `INSERT INTO invoices (order_id, merchant_order_no, kind, request, total_amt, status, invoice_number, random_num, invoice_trans_no, issued_at, attempts, queued_at, created_at) SELECT ${id}, '${invoiceOrderNo}', '${kind}', ${request}, total, 'issued', 'AA${42310000 + id}', '${String(1000 + id * 1237).slice(-4)}', '${stamp}${String(id).padStart(5, "0")}', '${issuedAt}', 1, ${Date.parse(paidAt) + 3000}, ${Date.parse(paidAt) + 3000} FROM orders WHERE id = ${id};`,
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
  "invoices",
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
