// The demo member, with a password hashed exactly as the built-in API hashes it.
import { hashPassword } from "../../worker/api/auth/password.ts";

export const DEMO_MEMBER = { email: "demo@example.com", password: "Demo1234", name: "林靜宜" };

const sqlValue = (v) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

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
  ];
  return [
    `INSERT INTO members (id, email, name, password_hash, cellphone, birthday, gender, created_at) VALUES (${row.map(sqlValue).join(", ")});`,
    ...likes.map(
      ([type, id]) =>
        `INSERT INTO likes (member_id, type, item_id, created_at) VALUES (1, ${type}, ${id}, '2025-03-01T10:00:00Z');`,
    ),
    `INSERT INTO carts (member_id, items, updated_at) VALUES (1, '{"1":2,"3":1}', '2025-03-02T10:00:00Z');`,
    `INSERT INTO coupons (code, discount, min_subtotal, expires_at) VALUES ('WELCOME100', 100, 500, '2099-12-31T23:59:59Z');`,
    `INSERT INTO coupons (code, discount, min_subtotal, expires_at) VALUES ('EXPIRED50', 50, 0, '2020-01-01T00:00:00Z');`,
  ];
}

export const MEMBER_TABLES = [
  "order_items",
  "orders",
  "coupons",
  "carts",
  "likes",
  "login_failures",
  "sessions",
  "members",
];
