// The saved cart of a member, and the summary of cart items.
import type { ApiDatabase, Schemas } from "../types";
import { orderableQuantityMax } from "./stock";

export async function readCart(db: ApiDatabase, memberId: number): Promise<Schemas["CartMap"]> {
  const row = await db
    .prepare("SELECT items FROM carts WHERE member_id = ?1")
    .bind(memberId)
    .first<{ items: string }>();
  return row ? (JSON.parse(row.items) as Schemas["CartMap"]) : {};
}

export async function saveCart(db: ApiDatabase, memberId: number, items: Schemas["CartMap"]) {
  await db
    .prepare(
      `INSERT INTO carts (member_id, items, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (member_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
    )
    .bind(memberId, JSON.stringify(items), new Date().toISOString())
    .run();
}

export async function cartSummary(db: ApiDatabase, ids: number[]): Promise<Schemas["CartSummaryItem"][]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id, ${orderableQuantityMax()} AS quantity_max, category_id, is_pre_order, price_sale, readmoo_link
         FROM products
        WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id`,
    )
    .bind(JSON.stringify(ids))
    .all<Omit<Schemas["CartSummaryItem"], "is_pre_order"> & { is_pre_order: number }>();
  return results.map((r) => ({ ...r, is_pre_order: r.is_pre_order === 1 }));
}
