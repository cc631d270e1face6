// The member's profile and order list resolve the session inside their own query (one D1 round trip): the same rule
// as requireMember's, told by code 3, and the same data, through the built-in API on local D1.
import { beforeEach, describe, expect, it } from "vitest";
import { createSession } from "../queries/members";
import { callApi, testD1 } from "../testing/d1-harness";

const d1 = testD1();
let db: D1Database;

beforeEach(async () => {
  db = await d1.fresh();
  await db.batch([
    db.prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'a@example.com', '讀者甲', '', '2026-01-01'), (2, 'b@example.com', '讀者乙', '', '2026-01-01')",
    ),
    ...[
      [1, "BK20261101-000001-ABCDEF", 1, "2026-11-01T00:00:00Z"],
      [2, "BK20261102-000001-ABCDEF", 1, "2026-11-02T00:00:00Z"],
      [3, "BK20261103-000001-ABCDEF", 2, "2026-11-03T00:00:00Z"],
    ].map(([id, orderNo, memberId, createdAt]) =>
      db
        .prepare(
          `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type,
                               member_name, member_email, details, subtotal, fee, no_fee, discount_price, fee_extra,
                               total_revise, total, created_at)
           VALUES (?1, ?2, ?3, 1, 0, 0, 1, 1, '讀者', 'a@example.com', '{}', 500, 0, 1, 0, 0, 0, 500, ?4)`,
        )
        .bind(id, orderNo, memberId, createdAt),
    ),
  ]);
});

/** A new session's token (the API's reply carries it; only the proxy takes it out). */
const tokenOf = async (memberId: number, now?: number) => (await createSession(db, memberId, now)).token ?? "";
const asMember = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const envelope = async (reply: Response) =>
  ({ status: reply.status, ...((await reply.json()) as object) }) as { status: number; data?: unknown };

describe("the member's reads that resolve the session in their own query", () => {
  it("answer the token's own member, and only theirs", async () => {
    const token = await tokenOf(1);
    expect(await envelope(await callApi(db, "/member/profile", asMember(token)))).toMatchObject({
      status: 200,
      code: 1,
      data: { id: 1, email: "a@example.com", name: "讀者甲" },
    });
    const orders = await envelope(await callApi(db, "/member/orders?page=1&per_page=1", asMember(token)));
    expect(orders).toMatchObject({ status: 200, code: 1, data: { total: 2, total_pages: 2 } });
    expect(
      (orders as unknown as { data: { items: { order_no: string }[] } }).data.items.map((o) => o.order_no),
    ).toEqual(["BK20261102-000001-ABCDEF"]);
  });

  it("answer code 3 for no token, an unknown one, and an ended session", async () => {
    const ended = await tokenOf(1, Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const path of ["/member/profile", "/member/orders"]) {
      for (const init of [{}, asMember("x".repeat(43)), asMember(ended)]) {
        expect(await envelope(await callApi(db, path, init))).toMatchObject({ status: 401, code: 3 });
      }
    }
  });
});
