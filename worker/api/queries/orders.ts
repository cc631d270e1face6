// Orders on D1: created with status 1 (訂單待確認). The order, its number, its lines, the stock they reserve, the
// coupon's use, the idempotency key and the ordered items' removal from the saved cart are written in one batch (one
// transaction), so a failure never leaves half an order behind, and a copy that is gone refuses the whole order.

import type { CategoryType } from "~/domain/categories";
import type { PayType } from "~/domain/pay-types";
import type { CheckoutPayload } from "~/features/checkout/checkout";
import { INVOICE_FIELDS } from "~/features/checkout/invoice";
import { orderNoDatePart, orderNoRandomPart } from "~/features/orders/order-no";
import { OUTBOX_INSERT } from "../mail";
import type { ApiDatabase, Schemas } from "../types";
import { noteMail, type Writes } from "../writes";
import { orderReceivedMailFor } from "./order-mails";
import { countsStock } from "./stock";

const DETAIL_KEYS = [
  "receiver",
  "cellphone",
  "area_code",
  "tel_type",
  "tel",
  "city",
  "area",
  "address",
  "country",
  ...INVOICE_FIELDS,
] as const;

/** What the checkout route needs of a created (or repeated) order. */
export interface CreatedOrder {
  id: number;
  order_no: string;
  status: number;
  total: number;
  pay_type: number;
  member_email: string;
}

export interface NewOrder {
  memberId: number;
  payload: CheckoutPayload;
  quote: Schemas["Quote"];
  /** The client's Idempotency-Key and the hash of the payload it came with. */
  idempotency?: { key: string; payloadHash: string };
  now?: Date;
  /** The random part of the number (tests pass one); otherwise from the CSPRNG. */
  randomPart?: string;
  /** Where the 訂單成立 mail written with the order is noted (none: no mail, as in the query tests). */
  writes?: Writes;
}

/** Why a batch was refused by a constraint of the schema, for the route to explain. */
export type OrderConflict = "coupon-used" | "coupon-exhausted" | "idempotency-key" | "stock-short" | "digital-held";

export class OrderConflictError extends Error {
  override name = "OrderConflictError";
  constructor(readonly conflict: OrderConflict) {
    super(conflict);
  }
}

function conflictOf(error: unknown): OrderConflict | null {
  const text = String((error as Error)?.message ?? error);
  if (text.includes("coupon_uses_cap")) return "coupon-exhausted";
  if (/UNIQUE constraint failed: coupon_uses/.test(text)) return "coupon-used";
  if (/UNIQUE constraint failed: checkout_requests/.test(text)) return "idempotency-key";
  if (/CHECK constraint failed: stock >= 0/.test(text)) return "stock-short";
  // migration 0028's trigger: the member holds one of the e-books through another order already.
  if (text.includes("digital_held")) return "digital-held";
  return null;
}

// The new order is the one with the highest id: D1 runs a batch as one transaction, with writes serialised, so no
// other order can come between the insert and the statements after it.
const NEW_ORDER_ID = "(SELECT MAX(id) FROM orders)";

/**
 * The Idempotency-Key's row, right after the order's: a second request with the same key is refused as such
 * (idempotency-key) before any line of it meets another constraint (the e-book it would hold twice, its stock).
 */
function idempotencyInsert(db: ApiDatabase, order: NewOrder, at: string) {
  if (!order.idempotency) return [];
  return [
    db
      .prepare(
        `INSERT INTO checkout_requests (member_id, idempotency_key, payload_hash, order_id, created_at)
         VALUES (?1, ?2, ?3, ${NEW_ORDER_ID}, ?4)`,
      )
      .bind(order.memberId, order.idempotency.key, order.idempotency.payloadHash, at),
  ];
}

export async function createOrder(db: ApiDatabase, order: NewOrder): Promise<CreatedOrder> {
  const { payload, quote } = order;
  const details = Object.fromEntries(DETAIL_KEYS.filter((k) => k in payload).map((k) => [k, payload[k]]));
  const now = order.now ?? new Date();
  const at = now.toISOString();
  const randomPart = order.randomPart ?? orderNoRandomPart();
  const statements = [
    db
      .prepare(
        `INSERT INTO orders (id, order_no, member_id, status, category_type, area_type, pay_type, delivery_type,
                             member_name, member_email, details, coupon_code, subtotal, fee, no_fee, discount_price,
                             fee_extra, total_revise, total, created_at)
         -- The number's sequence is the order's id, taken in this same statement (formatOrderNo's shape), so
         -- two orders never share a number; the random part makes numbers unguessable.
         SELECT next.id, ?1 || '-' || printf('%06d', next.id) || '-' || ?2, ?3, 1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11,
                ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19
           FROM (SELECT COALESCE(MAX(id), 0) + 1 AS id FROM orders) AS next`,
      )
      .bind(
        orderNoDatePart(now),
        randomPart,
        order.memberId,
        payload.category_type,
        payload.area_type,
        payload.pay_type,
        payload.delivery_type,
        payload.member_name,
        payload.member_email,
        JSON.stringify(details),
        quote.coupon_code,
        quote.subtotal,
        quote.fee,
        quote.no_fee,
        quote.discount_price,
        quote.fee_extra,
        quote.total_revise,
        quote.total,
        at,
      ),
    ...idempotencyInsert(db, order, at),
    ...quote.lines.flatMap((line) => [
      db
        .prepare(
          `INSERT INTO order_items (order_id, product_id, title, price_sale, quantity, reserved)
           SELECT ${NEW_ORDER_ID}, ?1, ?2, ?3, ?4, CASE WHEN ${countsStock()} THEN ?4 ELSE 0 END
             FROM products WHERE id = ?1`,
        )
        .bind(line.id, line.title, line.price_sale, line.quantity),
      // The reservation: products.stock's CHECK (stock >= 0) aborts the batch when the copies are gone.
      db
        .prepare(`UPDATE products SET stock = stock - ?2 WHERE id = ?1 AND ${countsStock()}`)
        .bind(line.id, line.quantity),
    ]),
    db.prepare(
      `UPDATE orders SET
         has_pre_order = EXISTS (SELECT 1 FROM order_items i JOIN products p ON p.id = i.product_id
                                  WHERE i.order_id = orders.id AND p.is_pre_order = 1),
         stock_reserved = EXISTS (SELECT 1 FROM order_items WHERE order_id = orders.id AND reserved > 0)
       WHERE id = ${NEW_ORDER_ID}`,
    ),
  ];
  // The ordered items leave the member's saved cart with the order, so a device that merges the saved cart later
  // (or this one, back from the gateway before its own save went out) does not bring them back. The cart's version
  // goes up with it, so a device's save over the cart as it was is refused and merged again (routes/cart.ts).
  statements.push(
    db
      .prepare(
        `UPDATE carts SET updated_at = ?3, version = version + 1, items = (
           SELECT COALESCE(json_group_object(key, value), '{}') FROM json_each(carts.items)
            WHERE key NOT IN (SELECT CAST(value AS TEXT) FROM json_each(?2)))
          WHERE member_id = ?1`,
      )
      .bind(order.memberId, JSON.stringify(quote.lines.map((line) => line.id)), at),
  );
  if (quote.coupon_code && quote.discount_price > 0) {
    statements.push(
      db
        .prepare(`INSERT INTO coupon_uses (code, member_id, order_id, used_at) VALUES (?1, ?2, ${NEW_ORDER_ID}, ?3)`)
        .bind(quote.coupon_code, order.memberId, at),
    );
  }
  const received = order.writes && receivedMail(order.writes, order, details, at);
  if (received) {
    // The mail was built before the order had its number: the number takes the placeholder's place.
    statements.push(
      db
        .prepare(
          `${OUTBOX_INSERT}
           SELECT ?1, REPLACE(?2, ?6, o.order_no), REPLACE(?3, ?6, o.order_no), REPLACE(?4, ?6, o.order_no), 0, ?5
             FROM orders o WHERE o.id = ${NEW_ORDER_ID} RETURNING id`,
        )
        .bind(
          received.mail.to,
          received.mail.subject,
          received.mail.text,
          received.mail.html,
          now.getTime(),
          received.placeholder,
        ),
    );
  }
  statements.push(
    db.prepare(`SELECT id, order_no, status, total, pay_type, member_email FROM orders WHERE id = ${NEW_ORDER_ID}`),
  );
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict) throw new OrderConflictError(conflict);
    throw error;
  }
  const created = results.at(-1)?.results?.[0] as CreatedOrder | undefined;
  if (!created) throw new Error("order batch returned no order");
  if (received) noteMail(order.writes, results.at(-2));
  return created;
}

/** 訂單成立 for the order about to be written: the orders row's values, the quote's lines. */
function receivedMail(writes: Writes, order: NewOrder, details: Record<string, unknown>, at: string) {
  const { payload, quote } = order;
  return orderReceivedMailFor(writes, {
    member_name: payload.member_name,
    member_email: payload.member_email,
    pay_type: payload.pay_type as PayType,
    category_type: payload.category_type as CategoryType,
    area_type: payload.area_type,
    created_at: at,
    subtotal: quote.subtotal,
    fee: quote.fee,
    no_fee: quote.no_fee,
    discount_price: quote.discount_price,
    fee_extra: quote.fee_extra,
    total_revise: quote.total_revise,
    total: quote.total,
    coupon_code: quote.coupon_code,
    details,
    items: quote.lines.map(({ title, quantity, price_sale }) => ({ title, quantity, price_sale })),
  });
}

/** The order a member's earlier checkout with this Idempotency-Key created, with the hash of its payload. */
export async function orderOfIdempotencyKey(
  db: ApiDatabase,
  memberId: number,
  key: string,
): Promise<(CreatedOrder & { payload_hash: string }) | null> {
  return db
    .prepare(
      `SELECT o.id, o.order_no, o.status, o.total, o.pay_type, o.member_email, r.payload_hash
         FROM checkout_requests r JOIN orders o ON o.id = r.order_id
        WHERE r.member_id = ?1 AND r.idempotency_key = ?2`,
    )
    .bind(memberId, key)
    .first();
}
