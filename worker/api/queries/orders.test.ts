import { describe, expect, it } from "vitest";
import type { CheckoutPayload } from "~/features/checkout/checkout";
import { isOrderNo } from "~/features/orders/order-no";
import { testD1 } from "../testing/d1-harness";
import type { Schemas } from "../types";
import { createOrder, OrderConflictError, orderOfIdempotencyKey } from "./orders";

const payload: CheckoutPayload = {
  member_name: "林靜宜",
  member_email: "reader@example.com",
  area_type: 0,
  pay_type: 1,
  delivery_type: 1,
  invoice_type: 1,
  invoice_donation: "5617",
  category_type: 1,
  subtotal: 700,
  fee: 0,
  no_fee: 0,
  discount_price: 0,
  total: 700,
  items: [
    { id: 7, quantity: 1 },
    { id: 8, quantity: 1 },
  ],
};

const quote = (lines: { id: number; quantity: number }[] = payload.items): Schemas["Quote"] => ({
  lines: lines.map((l) => ({ ...l, title: `書 ${l.id}`, price_sale: 350, subtotal: 350 * l.quantity })),
  subtotal: 700,
  fee: 0,
  no_fee: 0,
  discount_price: 0,
  fee_extra: 0,
  total_revise: 0,
  total: 700,
  pay_type_forced: null,
  coupon_message: null,
  coupon_code: null,
});

const d1 = testD1();

/** A database with three members and the two e-books the orders take. */
async function database() {
  const db = await d1.fresh();
  await db.batch([
    db.prepare("INSERT INTO product_types (id, name) VALUES (1, '佛學')"),
    ...[7, 8].map((id) =>
      db
        .prepare(
          `INSERT INTO products (id, title, format, category_id, product_type_id, price_list, price_sale, cover_url,
                                 cover_width, cover_height, created_at)
           VALUES (?1, ?2, 2, 2, 1, 350, 350, '/c.jpg', 300, 450, '')`,
        )
        .bind(id, `書 ${id}`),
    ),
    ...[1, 2, 3].map((id) =>
      db
        .prepare("INSERT INTO members (id, email, name, password_hash, created_at) VALUES (?1, ?2, '讀者', 'x', '')")
        .bind(id, `m${id}@example.com`),
    ),
  ]);
  return db;
}

/** The member's orders cancelled (6): they hold their e-books no more. */
async function cancelAll(db: D1Database, memberId: number) {
  await db.prepare("UPDATE orders SET status = 6 WHERE member_id = ?1").bind(memberId).run();
}

async function count(db: D1Database, table: string) {
  return (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n;
}

describe("creating an order", () => {
  it("writes the order, its number and its lines together; numbers carry the sequence and a random part", async () => {
    const db = await database();
    const now = new Date("2026-11-23T10:00:00Z");
    const first = await createOrder(db, { memberId: 1, payload, quote: quote(), now, randomPart: "7KQ3ZP" });
    const second = await createOrder(db, { memberId: 2, payload, quote: quote(), now });
    expect(first).toMatchObject({ order_no: "BK20261123-000001-7KQ3ZP", status: 1, total: 700, pay_type: 1 });
    expect(second.id).toBe(first.id + 1);
    expect(second.order_no).toMatch(/^BK20261123-000002-[0-9A-Z]{6}$/);
    expect(isOrderNo(second.order_no)).toBe(true);
    expect(await count(db, "order_items")).toBe(4);
  });

  it("takes the ordered items out of the member's saved cart, and only those, raising its version", async () => {
    const db = await database();
    await db.prepare(`INSERT INTO carts (member_id, items, updated_at) VALUES (1, '{"7":2,"8":1,"9":3}', '')`).run();
    await createOrder(db, { memberId: 1, payload, quote: quote() });
    const saved = await db
      .prepare("SELECT items, version FROM carts WHERE member_id = 1")
      .first<{ items: string; version: number }>();
    expect(JSON.parse(saved?.items ?? "")).toEqual({ "9": 3 });
    // A device's save over the cart as it was before the order is now refused (routes/cart.ts).
    expect(saved?.version).toBe(2);
    await db.prepare(`UPDATE carts SET items = '{"7":1}' WHERE member_id = 1`).run();
    // (The first order is cancelled, so its e-books may be ordered again: migration 0028.)
    await cancelAll(db, 1);
    await createOrder(db, { memberId: 1, payload, quote: quote() });
    const emptied = await db.prepare("SELECT items FROM carts WHERE member_id = 1").first<{ items: string }>();
    expect(JSON.parse(emptied?.items ?? "")).toEqual({});
  });

  it("leaves nothing behind when any part fails", async () => {
    const db = await database();
    // A line the schema refuses (quantity 0) fails the batch after the order's insert.
    const bad = quote([
      { id: 7, quantity: 1 },
      { id: 8, quantity: 0 },
    ]);
    await expect(createOrder(db, { memberId: 1, payload, quote: bad })).rejects.toThrow();
    expect(await count(db, "orders")).toBe(0);
    expect(await count(db, "order_items")).toBe(0);
  });

  it("records a coupon's use once per member, and holds a coupon's cap over all members", async () => {
    const db = await database();
    await db
      .prepare("INSERT INTO coupons (code, discount, min_subtotal, expires_at, max_uses) VALUES (?1, 50, 0, ?2, 2)")
      .bind("FAIR50", "2099-01-01T00:00:00Z")
      .run();
    const withCoupon = { ...payload, coupon_code: "fair50", discount_price: 50, total: 650 };
    // The quote spells the code as the store does (pricing.ts); the order and its use keep that.
    const priced = { ...quote(), discount_price: 50, total: 650, coupon_code: "FAIR50" };
    await createOrder(db, { memberId: 1, payload: withCoupon, quote: priced });
    // (Cancelled, so that its e-books may be ordered again and only the coupon is in the way: migration 0028.)
    await cancelAll(db, 1);
    const again = createOrder(db, { memberId: 1, payload: withCoupon, quote: priced });
    await expect(again).rejects.toEqual(new OrderConflictError("coupon-used"));
    await createOrder(db, { memberId: 2, payload: withCoupon, quote: priced });
    const third = createOrder(db, { memberId: 3, payload: withCoupon, quote: priced });
    await expect(third).rejects.toEqual(new OrderConflictError("coupon-exhausted"));
    // The refused orders left nothing: two orders, two uses.
    expect(await count(db, "orders")).toBe(2);
    expect(await count(db, "coupon_uses")).toBe(2);
    const codes = await db.prepare("SELECT DISTINCT coupon_code FROM orders").all<{ coupon_code: string }>();
    expect(codes.results).toEqual([{ coupon_code: "FAIR50" }]);
  });

  it("never lets a member hold an e-book through two orders: a second order of it is refused whole", async () => {
    const db = await database();
    // Two checkouts at the same moment both passed the quote's read (pricing.ts): the second batch is refused.
    await createOrder(db, { memberId: 1, payload, quote: quote() });
    const twice = createOrder(db, { memberId: 1, payload, quote: quote([{ id: 8, quantity: 1 }]) });
    await expect(twice).rejects.toEqual(new OrderConflictError("digital-held"));
    expect(await count(db, "orders")).toBe(1);
    // Another member may order it; this one may not while the order holding it is unpaid, paid, or in the bookcase.
    await createOrder(db, { memberId: 2, payload, quote: quote() });
    for (const status of [3, 4, 5, 7]) {
      await db.prepare("UPDATE orders SET status = ?1 WHERE member_id = 1").bind(status).run();
      await expect(createOrder(db, { memberId: 1, payload, quote: quote() })).rejects.toEqual(
        new OrderConflictError("digital-held"),
      );
    }
    // An order that ended (cancelled 6, or any status outside the holding ones) holds nothing.
    await cancelAll(db, 1);
    await createOrder(db, { memberId: 1, payload, quote: quote() });
    expect(await count(db, "orders")).toBe(3);
  });

  it("keeps an Idempotency-Key per member: the first order answers again, a second insert is refused whole", async () => {
    const db = await database();
    const idempotency = { key: "k-12345678", payloadHash: "abc" };
    const first = await createOrder(db, { memberId: 1, payload, quote: quote(), idempotency });
    await expect(createOrder(db, { memberId: 1, payload, quote: quote(), idempotency })).rejects.toEqual(
      new OrderConflictError("idempotency-key"),
    );
    expect(await orderOfIdempotencyKey(db, 1, "k-12345678")).toEqual({ ...first, payload_hash: "abc" });
    expect(await orderOfIdempotencyKey(db, 2, "k-12345678")).toBeNull();
    // Another member may use the same key.
    await createOrder(db, { memberId: 2, payload, quote: quote(), idempotency });
    expect(await count(db, "orders")).toBe(2);
  });
});
