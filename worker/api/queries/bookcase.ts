// The member's bookcase: digital products (categories 2 and 3) of paid orders, each once, latest purchase first.
import * as CATEGORY from "~/domain/categories";
import { CATEGORIES_OF_TYPE } from "~/domain/categories";
import { BOOKCASE_ORDER_STATUSES } from "~/features/orders/digital-holding";
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

// Orders whose digital items the member may read: 5 完成付款 and 7 出貨完畢 (the rule checkout's refusal of an owned
// item shares, app/features/orders/digital-holding.ts).
// For each product, the member's first paid order that bought it. ?1 member, ?2 format or NULL for both.
const PURCHASES = `SELECT oi.product_id, MIN(o.created_at) AS purchased_at,
      (SELECT o2.order_no FROM orders o2 JOIN order_items oi2 ON oi2.order_id = o2.id
        WHERE o2.member_id = ?1 AND oi2.product_id = oi.product_id AND o2.status IN (${BOOKCASE_ORDER_STATUSES.join(", ")})
        ORDER BY o2.created_at, o2.id LIMIT 1) AS order_no
    FROM orders o JOIN order_items oi ON oi.order_id = o.id JOIN products px ON px.id = oi.product_id
   WHERE o.member_id = ?1 AND o.status IN (${BOOKCASE_ORDER_STATUSES.join(", ")}) AND px.category_id IN (${CATEGORIES_OF_TYPE[CATEGORY.digitalType].join(", ")})
     AND (?2 IS NULL OR px.format = ?2)
   GROUP BY oi.product_id`;

export async function listBookcase(
  db: ApiDatabase,
  memberId: number,
  { format, page, perPage }: { format?: 2 | 3; page: number; perPage: number },
): Promise<Schemas["BookcasePage"]> {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${CARD_COLUMNS}, p.readmoo_link, b.order_no, b.purchased_at
           FROM (${PURCHASES}) b JOIN products p ON p.id = b.product_id
          ORDER BY b.purchased_at DESC, p.id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(memberId, format ?? null, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM (${PURCHASES})`).bind(memberId, format ?? null),
  ]);
  const items = (
    (rows?.results ?? []) as (CardRow & { readmoo_link: string | null; order_no: string; purchased_at: string })[]
  ).map((row) => ({
    product: toCard(row),
    order_no: row.order_no,
    purchased_at: row.purchased_at,
    read_url: row.readmoo_link,
  }));
  return pageOf(items, page, perPage, totalOf(count));
}
