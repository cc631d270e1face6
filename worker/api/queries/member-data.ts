// Likes and the saved cart of a member.
import type { Schemas } from "../types";

export async function listLikes(db: D1Database, memberId: number): Promise<Schemas["LikeGroup"][]> {
  const { results } = await db
    .prepare("SELECT type, item_id FROM likes WHERE member_id = ?1 ORDER BY type, created_at, item_id")
    .bind(memberId)
    .all<{ type: 0 | 1 | 2; item_id: number }>();
  return ([0, 1, 2] as const).map((type) => ({
    type,
    items: results.filter((r) => r.type === type).map((r) => r.item_id),
  }));
}

const TARGET_EXISTS: Record<0 | 1 | 2, string> = {
  0: "SELECT 1 FROM products WHERE id = ?1",
  1: "SELECT 1 FROM authors WHERE id = ?1",
  2: "SELECT 1 FROM articles WHERE id = ?1",
};

export async function likeTargetExists(db: D1Database, type: 0 | 1 | 2, id: number): Promise<boolean> {
  return (await db.prepare(TARGET_EXISTS[type]).bind(id).first()) !== null;
}

export async function setLike(db: D1Database, memberId: number, type: 0 | 1 | 2, id: number, liked: boolean) {
  if (liked) {
    await db
      .prepare(
        `INSERT INTO likes (member_id, type, item_id, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING`,
      )
      .bind(memberId, type, id, new Date().toISOString())
      .run();
  } else {
    await db
      .prepare("DELETE FROM likes WHERE member_id = ?1 AND type = ?2 AND item_id = ?3")
      .bind(memberId, type, id)
      .run();
  }
}

export async function readCart(db: D1Database, memberId: number): Promise<Schemas["CartMap"]> {
  const row = await db
    .prepare("SELECT items FROM carts WHERE member_id = ?1")
    .bind(memberId)
    .first<{ items: string }>();
  return row ? (JSON.parse(row.items) as Schemas["CartMap"]) : {};
}

export async function saveCart(db: D1Database, memberId: number, items: Schemas["CartMap"]) {
  await db
    .prepare(
      `INSERT INTO carts (member_id, items, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (member_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
    )
    .bind(memberId, JSON.stringify(items), new Date().toISOString())
    .run();
}

export async function cartSummary(db: D1Database, ids: number[]): Promise<Schemas["CartSummaryItem"][]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id, quantity_max, category_id, is_pre_order, price_sale, readmoo_link FROM products
        WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id`,
    )
    .bind(JSON.stringify(ids))
    .all<Omit<Schemas["CartSummaryItem"], "is_pre_order"> & { is_pre_order: number }>();
  return results.map((r) => ({ ...r, is_pre_order: r.is_pre_order === 1 }));
}
