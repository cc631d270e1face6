// Which of some items a member already holds through an order (app/features/orders/digital-holding.ts): digital
// items (categories 2 and 3, the bookcase's rule) of the member's orders that hold them, newest order first.
import * as CATEGORY from "~/domain/categories";
import { CATEGORIES_OF_TYPE } from "~/domain/categories";
import {
  type DigitalHolding,
  HOLDING_ORDER_STATUSES,
  type HoldingOrder,
  holdingOf,
} from "~/features/orders/digital-holding";
import type { ApiDatabase } from "../types";

/** The items of `ids` the member holds, by id; items they do not hold are absent. */
export async function digitalHoldings(
  db: ApiDatabase,
  memberId: number,
  ids: readonly number[],
): Promise<Map<number, DigitalHolding>> {
  const held = new Map<number, DigitalHolding>();
  if (ids.length === 0) return held;
  const { results } = await db
    .prepare(
      `SELECT oi.product_id, o.status, o.order_no
         FROM orders o JOIN order_items oi ON oi.order_id = o.id JOIN products p ON p.id = oi.product_id
        WHERE o.member_id = ?1 AND oi.product_id IN (SELECT value FROM json_each(?2))
          AND p.category_id IN (${CATEGORIES_OF_TYPE[CATEGORY.digitalType].join(", ")})
          AND o.status IN (${HOLDING_ORDER_STATUSES.join(", ")})
        ORDER BY o.created_at DESC, o.id DESC`,
    )
    .bind(memberId, JSON.stringify(ids))
    .all<HoldingOrder & { product_id: number }>();
  const ordersOf = new Map<number, HoldingOrder[]>();
  for (const row of results) ordersOf.set(row.product_id, [...(ordersOf.get(row.product_id) ?? []), row]);
  for (const [id, orders] of ordersOf) {
    const holding = holdingOf(orders);
    if (holding) held.set(id, holding);
  }
  return held;
}
