// Product reads on D1 with prepared statements; rows are shaped into the contract's schemas here.
import type { Schemas } from "../types";

interface ProductRow {
  id: number;
  title: string;
  subtitle: string | null;
  format: 1 | 2 | 3 | 4;
  category_id: 1 | 2 | 3 | 4;
  price_list: number;
  price_sale: number;
  cover_url: string;
  cover_width: number;
  cover_height: number;
  is_pre_order: number;
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
}

interface ContributorRow {
  product_id: number;
  id: number;
  name: string;
  role: 1 | 2 | 3 | 4;
}

const CARD_COLUMNS = `p.id, p.title, p.format, p.category_id, p.price_list, p.price_sale,
  p.cover_url, p.cover_width, p.cover_height, p.is_pre_order`;

async function contributorsOf(db: D1Database, ids: number[]) {
  const byProduct = new Map<number, Schemas["Contributor"][]>();
  if (ids.length === 0) return byProduct;
  const { results } = await db
    .prepare(
      `SELECT pc.product_id, a.id, a.name, pc.role
         FROM product_contributors pc JOIN authors a ON a.id = pc.author_id
        WHERE pc.product_id IN (SELECT value FROM json_each(?1))
        ORDER BY pc.product_id, pc.role, pc.position`,
    )
    .bind(JSON.stringify(ids))
    .all<ContributorRow>();
  for (const row of results) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({ id: row.id, name: row.name, role: row.role });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

function toCard(row: ProductRow, contributors: Schemas["Contributor"][]): Schemas["ProductCard"] {
  return {
    id: row.id,
    title: row.title,
    format: row.format,
    category_id: row.category_id,
    price_list: row.price_list,
    price_sale: row.price_sale,
    cover: { url: row.cover_url, width: row.cover_width, height: row.cover_height, alt: `${row.title} 書封` },
    contributors,
    is_pre_order: row.is_pre_order === 1,
  };
}

export async function findProduct(db: D1Database, id: number): Promise<Schemas["ProductDetail"] | null> {
  const row = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}, p.subtitle, p.isbn, p.published_on, p.stock, p.quantity_max, p.readmoo_link,
              p.description, p.table_of_contents, p.publisher_id, pub.name AS publisher_name,
              p.product_type_id, t.name AS product_type_name
         FROM products p
         JOIN product_types t ON t.id = p.product_type_id
         LEFT JOIN publishers pub ON pub.id = p.publisher_id
        WHERE p.id = ?1`,
    )
    .bind(id)
    .first<ProductRow>();
  if (!row) return null;
  const [contributors, samples] = await Promise.all([
    contributorsOf(db, [id]),
    db
      .prepare("SELECT url, width, height FROM product_samples WHERE product_id = ?1 ORDER BY position")
      .bind(id)
      .all<{ url: string; width: number; height: number }>(),
  ]);
  return {
    ...toCard(row, contributors.get(id) ?? []),
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
    sample_pages: samples.results.map((s, i) => ({
      url: s.url,
      width: s.width,
      height: s.height,
      alt: `${row.title} 試閱第 ${i + 1} 頁`,
    })),
  };
}

export async function productExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM products WHERE id = ?1").bind(id).first()) !== null;
}

/**
 * Books related to a product: shared contributors count most, then the same product type; newer first.
 */
export async function findRelatedProducts(
  db: D1Database,
  id: number,
  limit: number,
): Promise<Schemas["ProductCard"][]> {
  const { results } = await db
    .prepare(
      `WITH me AS (SELECT product_type_id, publisher_id FROM products WHERE id = ?1),
            shared AS (
              SELECT other.product_id, COUNT(*) AS n
                FROM product_contributors mine
                JOIN product_contributors other ON other.author_id = mine.author_id AND other.product_id <> ?1
               WHERE mine.product_id = ?1
               GROUP BY other.product_id)
       SELECT ${CARD_COLUMNS}
         FROM products p, me
         LEFT JOIN shared s ON s.product_id = p.id
        WHERE p.id <> ?1 AND (s.n > 0 OR p.product_type_id = me.product_type_id)
        ORDER BY COALESCE(s.n, 0) DESC, (p.product_type_id = me.product_type_id) DESC,
                 (p.publisher_id IS me.publisher_id) DESC, p.published_on DESC, p.id
        LIMIT ?2`,
    )
    .bind(id, limit)
    .all<ProductRow>();
  const contributors = await contributorsOf(
    db,
    results.map((r) => r.id),
  );
  return results.map((row) => toCard(row, contributors.get(row.id) ?? []));
}

export async function findCoverFacts(db: D1Database, id: number) {
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
