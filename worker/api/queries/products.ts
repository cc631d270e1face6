// Product reads on D1 with prepared statements, one round trip per read: contributors and sample pages come
// along as JSON arrays (json_group_array) and rows are shaped into the contract's schemas here.

import type { ApiDatabase, Schemas } from "../types";
import { orderableQuantityMax } from "./stock";

export interface CardRow {
  id: number;
  title: string;
  format: 1 | 2 | 3 | 4;
  category_id: 1 | 2 | 3 | 4;
  price_list: number;
  price_sale: number;
  cover_url: string;
  cover_width: number;
  cover_height: number;
  is_pre_order: number;
  /** JSON: [{ id, name, role }] in role, then position order. */
  contributors_json: string;
}

interface DetailRow extends CardRow {
  subtitle: string | null;
  isbn: string | null;
  published_on: string | null;
  stock: number;
  quantity_max: number | null;
  readmoo_link: string | null;
  description: string;
  table_of_contents: string;
  publisher_id: number | null;
  publisher_name: string | null;
  product_type_id: number;
  product_type_name: string;
  /** JSON: [{ url, width, height }] in page order. */
  samples_json: string;
}

export const CARD_COLUMNS = `p.id, p.title, p.format, p.category_id, p.price_list, p.price_sale,
  p.cover_url, p.cover_width, p.cover_height, p.is_pre_order,
  (SELECT json_group_array(json_object('id', c.id, 'name', c.name, 'role', c.role))
     FROM (SELECT a.id, a.name, pc.role FROM product_contributors pc JOIN authors a ON a.id = pc.author_id
            WHERE pc.product_id = p.id ORDER BY pc.role, pc.position) c) AS contributors_json`;

export function toCard(row: CardRow): Schemas["ProductCard"] {
  return {
    id: row.id,
    title: row.title,
    format: row.format,
    category_id: row.category_id,
    price_list: row.price_list,
    price_sale: row.price_sale,
    cover: { url: row.cover_url, width: row.cover_width, height: row.cover_height, alt: `${row.title} 書封` },
    contributors: JSON.parse(row.contributors_json) as Schemas["Contributor"][],
    is_pre_order: row.is_pre_order === 1,
  };
}

export async function findProduct(db: ApiDatabase, id: number): Promise<Schemas["ProductDetail"] | null> {
  const row = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}, p.subtitle, p.isbn, p.published_on, p.stock, ${orderableQuantityMax("p.")} AS quantity_max,
              p.readmoo_link,
              p.description, p.table_of_contents, p.publisher_id, pub.name AS publisher_name,
              p.product_type_id, t.name AS product_type_name,
              (SELECT json_group_array(json_object('url', s.url, 'width', s.width, 'height', s.height))
                 FROM (SELECT url, width, height FROM product_samples WHERE product_id = p.id ORDER BY position) s)
                AS samples_json
         FROM products p
         JOIN product_types t ON t.id = p.product_type_id
         LEFT JOIN publishers pub ON pub.id = p.publisher_id
        WHERE p.id = ?1`,
    )
    .bind(id)
    .first<DetailRow>();
  if (!row) return null;
  const samples = JSON.parse(row.samples_json) as { url: string; width: number; height: number }[];
  return {
    ...toCard(row),
    subtitle: row.subtitle,
    isbn: row.isbn,
    publisher: row.publisher_id && row.publisher_name ? { id: row.publisher_id, name: row.publisher_name } : null,
    product_type: { id: row.product_type_id, name: row.product_type_name },
    published_on: row.published_on,
    stock: row.stock,
    quantity_max: row.quantity_max,
    readmoo_link: row.readmoo_link,
    description: row.description,
    table_of_contents: row.table_of_contents,
    sample_pages: samples.map((s, i) => ({ ...s, alt: `${row.title} 試閱第 ${i + 1} 頁` })),
  };
}

/**
 * Books related to a product, or null when the product does not exist: shared contributors count most, then the
 * same product type and publisher; newer first.
 */
export async function findRelatedProducts(
  db: ApiDatabase,
  id: number,
  limit: number,
): Promise<Schemas["ProductCard"][] | null> {
  const { results } = await db
    .prepare(
      `WITH me AS (SELECT id, product_type_id, publisher_id FROM products WHERE id = ?1),
            shared AS (
              SELECT other.product_id, COUNT(*) AS n
                FROM product_contributors mine
                JOIN product_contributors other ON other.author_id = mine.author_id AND other.product_id <> ?1
               WHERE mine.product_id = ?1
               GROUP BY other.product_id)
       SELECT 1 AS is_me_row, NULL AS id, NULL AS title, NULL AS format, NULL AS category_id, NULL AS price_list,
              NULL AS price_sale, NULL AS cover_url, NULL AS cover_width, NULL AS cover_height, NULL AS is_pre_order,
              NULL AS contributors_json
         FROM me
       UNION ALL
       SELECT * FROM (
         SELECT 0 AS is_me_row, ${CARD_COLUMNS}
           FROM products p, me
           LEFT JOIN shared s ON s.product_id = p.id
          WHERE p.id <> ?1 AND (s.n > 0 OR p.product_type_id = me.product_type_id)
          ORDER BY COALESCE(s.n, 0) DESC, (p.product_type_id = me.product_type_id) DESC,
                   (p.publisher_id IS me.publisher_id) DESC, p.published_on DESC, p.id
          LIMIT ?2)`,
    )
    .bind(id, limit)
    .all<CardRow & { is_me_row: number }>();
  // The first row says whether the product exists, so "unknown product" and "no related books" differ.
  if (results[0]?.is_me_row !== 1) return null;
  return results.slice(1).map(toCard);
}

/** The cards of the products listed in `ids` that exist, in the order of `ids` (the cart's lines). */
export async function findProductCards(db: ApiDatabase, ids: readonly number[]): Promise<Schemas["ProductCard"][]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}
         FROM json_each(?1) wanted JOIN products p ON p.id = wanted.value
        ORDER BY wanted.key`,
    )
    .bind(JSON.stringify(ids))
    .all<CardRow>();
  return results.map(toCard);
}

export async function findCoverFacts(db: ApiDatabase, id: number) {
  return db
    .prepare(
      `SELECT p.title, p.format, p.cover_width AS width, p.cover_height AS height,
              (SELECT a.name FROM product_contributors pc JOIN authors a ON a.id = pc.author_id
                WHERE pc.product_id = p.id ORDER BY pc.role, pc.position LIMIT 1) AS author
         FROM products p WHERE p.id = ?1`,
    )
    .bind(id)
    .first<{ title: string; format: number; width: number; height: number; author: string | null }>();
}
