// The saved cart of a member, and the summary of cart items.
import type { ApiDatabase, Schemas } from "../types";
import { digitalHoldings } from "./digital-holdings";
import { orderableQuantityMax } from "./stock";

/** The saved cart and its version (0 before the member's first save). */
export interface SavedCart {
  items: Schemas["CartMap"];
  version: number;
}

export async function readCart(db: ApiDatabase, memberId: number): Promise<SavedCart> {
  const row = await db
    .prepare("SELECT items, version FROM carts WHERE member_id = ?1")
    .bind(memberId)
    .first<{ items: string; version: number }>();
  return row ? { items: JSON.parse(row.items) as Schemas["CartMap"], version: row.version } : { items: {}, version: 0 };
}

/**
 * Saves `items` as the member's cart; with `expected`, only over one of those versions (the If-Match of the save).
 * The new version, or null when the saved cart is at another one: nothing is written then.
 */
export async function saveCart(
  db: ApiDatabase,
  memberId: number,
  items: Schemas["CartMap"],
  expected: number[] | null,
): Promise<number | null> {
  // The insert happens only when no version was named, or version 0 (no row yet), or a row exists (so the upsert's
  // conflict clause decides): a save over version 5 of a cart that has no row is a mismatch, not a first save.
  const row = await db
    .prepare(
      `INSERT INTO carts (member_id, items, updated_at, version)
       SELECT ?1, ?2, ?3, 1
        WHERE ?4 IS NULL OR 0 IN (SELECT value FROM json_each(?4)) OR EXISTS (SELECT 1 FROM carts WHERE member_id = ?1)
       ON CONFLICT (member_id) DO UPDATE
          SET items = excluded.items, updated_at = excluded.updated_at, version = carts.version + 1
        WHERE ?4 IS NULL OR carts.version IN (SELECT value FROM json_each(?4))
       RETURNING version`,
    )
    .bind(memberId, JSON.stringify(items), new Date().toISOString(), expected && JSON.stringify(expected))
    .first<{ version: number }>();
  return row?.version ?? null;
}

/**
 * The current facts of the items `ids`; for a member (`memberId`), also how they already hold a digital item
 * (`holding`, null when they do not), read afresh on every call: it is theirs alone and never cached.
 */
export async function cartSummary(
  db: ApiDatabase,
  ids: number[],
  memberId: number | null = null,
): Promise<Schemas["CartSummaryItem"][]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id, ${orderableQuantityMax()} AS quantity_max, category_id, is_pre_order, price_sale, readmoo_link
         FROM products
        WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id`,
    )
    .bind(JSON.stringify(ids))
    .all<Omit<Schemas["CartSummaryItem"], "is_pre_order"> & { is_pre_order: number }>();
  const items = results.map((r) => ({ ...r, is_pre_order: r.is_pre_order === 1 }));
  if (memberId === null) return items;
  const held = await digitalHoldings(
    db,
    memberId,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, holding: held.get(item.id) ?? null }));
}
