// Stock of paper books and goods (the physical categories; pre-orders are not limited by stock). An order reserves its
// lines' stock in the batch that writes it (queries/orders.ts), where products.stock's CHECK (stock >= 0) refuses the
// whole batch when a copy is gone, so two orders never take the same last copy. Ending an order gives it back once
// (queries/order-transitions.ts).

import * as CATEGORY from "~/domain/categories";
import { CATEGORIES_OF_TYPE } from "~/domain/categories";
import { groupThousands } from "~/domain/thousands";
import { API_CODE } from "~/http/api-codes";
import { ApiFailure } from "../envelope";
import type { ApiDatabase } from "../types";

/** Whether a product of this row counts stock (SQL, on a products row aliased `p`, or unaliased with ""). */
export const countsStock = (p = "") =>
  `${p}category_id IN (${CATEGORIES_OF_TYPE[CATEGORY.physicalType].join(", ")}) AND ${p}is_pre_order = 0`;

/**
 * The most one order may take (SQL): for an item that counts stock, its own cap but never more than the stock; for
 * the rest, its own cap (SPEC §5's quantity_max), so the cart's caps follow the stock.
 */
export const orderableQuantityMax = (p = "") =>
  `CASE WHEN ${countsStock(p)} THEN MIN(COALESCE(${p}quantity_max, ${p}stock), ${p}stock) ELSE ${p}quantity_max END`;

export interface ShortItem {
  id: number;
  title: string;
  available: number;
}

/** Lines asking for more than the stock has now. */
export async function shortItems(db: ApiDatabase, lines: readonly { id: number; quantity: number }[]) {
  const { results } = await db
    .prepare(
      `SELECT id, title, stock FROM products
        WHERE id IN (SELECT value FROM json_each(?1)) AND ${countsStock()}`,
    )
    .bind(JSON.stringify(lines.map((line) => line.id)))
    .all<{ id: number; title: string; stock: number }>();
  return results
    .filter((row) => row.stock < (lines.find((line) => line.id === row.id)?.quantity ?? 0))
    .map((row): ShortItem => ({ id: row.id, title: row.title, available: row.stock }));
}

/** Code 6 (HTTP 409) naming each short item in Chinese, with the items as data for the client. */
export function stockShort(items: readonly ShortItem[]): ApiFailure {
  const named = items
    .map((item) => `《${item.title}》${item.available > 0 ? `僅剩 ${groupThousands(item.available)} 件` : "已售完"}`)
    .join("、");
  return new ApiFailure(
    API_CODE.conflict,
    items.length > 0 ? `庫存不足：${named}，請調整數量後再送出` : "庫存不足，請重新確認購物車",
    409,
    { short_items: items },
  );
}
