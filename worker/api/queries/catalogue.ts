// Catalogue listings and the product-type tree. Filter values are bound parameters; the WHERE and ORDER BY are
// built from fixed fragments chosen by validated input (never from the request's text).
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

export interface ProductFilter {
  format?: number;
  typeId?: number;
  authorId?: number;
  publisherId?: number;
  isNew: boolean;
  isPick: boolean;
  sort: Schemas["ProductSort"];
  page: number;
  perPage: number;
}

const ORDER_BY: Record<Schemas["ProductSort"], string> = {
  newest: "p.published_on DESC, p.id DESC",
  price_asc: "p.price_sale ASC, p.id ASC",
  price_desc: "p.price_sale DESC, p.id DESC",
  title: "p.title ASC, p.id ASC",
};

/**
 * Only the active filters go into the WHERE clause (each a fixed fragment with a bound parameter), so SQLite can
 * use the matching index; `(? IS NULL OR …)` forms would force a scan of the whole catalogue for every count.
 */
function filterClause(filter: ProductFilter) {
  const conditions: string[] = [];
  const binds: number[] = [];
  if (filter.format !== undefined) {
    binds.push(filter.format);
    conditions.push(`p.format = ?${binds.length}`);
  }
  if (filter.typeId !== undefined) {
    binds.push(filter.typeId);
    conditions.push(
      `p.product_type_id IN (SELECT id FROM product_types WHERE id = ?${binds.length} OR parent_id = ?${binds.length})`,
    );
  }
  if (filter.authorId !== undefined) {
    binds.push(filter.authorId);
    conditions.push(`p.id IN (SELECT product_id FROM product_contributors WHERE author_id = ?${binds.length})`);
  }
  if (filter.publisherId !== undefined) {
    binds.push(filter.publisherId);
    conditions.push(`p.publisher_id = ?${binds.length}`);
  }
  if (filter.isNew) conditions.push("p.is_new = 1");
  if (filter.isPick) conditions.push("p.is_pick = 1");
  return { where: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", binds };
}

export async function listProducts(db: ApiDatabase, filter: ProductFilter): Promise<Schemas["ProductPage"]> {
  const { where, binds } = filterClause(filter);
  const limit = binds.length + 1;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${CARD_COLUMNS} FROM products p ${where} ORDER BY ${ORDER_BY[filter.sort]} LIMIT ?${limit} OFFSET ?${limit + 1}`,
      )
      .bind(...binds, filter.perPage, (filter.page - 1) * filter.perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM products p ${where}`).bind(...binds),
  ]);
  return pageOf(((rows?.results ?? []) as CardRow[]).map(toCard), filter.page, filter.perPage, totalOf(count));
}

interface TypeRow {
  id: number;
  parent_id: number | null;
  name: string;
  own_count: number;
}

export async function listProductTypes(db: ApiDatabase): Promise<Schemas["ProductTypeNode"][]> {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.parent_id, t.name,
              (SELECT COUNT(*) FROM products p WHERE p.product_type_id = t.id) AS own_count
         FROM product_types t
        ORDER BY t.parent_id IS NOT NULL, t.position, t.id`,
    )
    .all<TypeRow>();
  const roots = results.filter((t) => t.parent_id === null);
  return roots.map((root) => {
    const children = results
      .filter((t) => t.parent_id === root.id)
      .map((t) => ({ id: t.id, name: t.name, product_count: t.own_count }));
    return {
      id: root.id,
      name: root.name,
      product_count: root.own_count + children.reduce((sum, c) => sum + c.product_count, 0),
      children,
    };
  });
}
