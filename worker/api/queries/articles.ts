// Articles: newest first, by category or author; each with the books it talks about.
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

export interface ArticleRow {
  id: number;
  title: string;
  summary: string;
  category: string;
  author_id: number | null;
  author_name: string | null;
  cover_url: string;
  cover_width: number;
  cover_height: number;
  published_at: string;
}

export const SUMMARY_COLUMNS = `r.id, r.title, r.summary, r.category, r.author_id, a.name AS author_name,
  r.cover_url, r.cover_width, r.cover_height, r.published_at`;
const FROM = "FROM articles r LEFT JOIN authors a ON a.id = r.author_id";
const ORDER = "r.published_at DESC, r.id DESC";

export function toSummary(row: ArticleRow): Schemas["ArticleSummary"] {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    author: row.author_id !== null && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
    cover: { url: row.cover_url, width: row.cover_width, height: row.cover_height, alt: `${row.title} 文章圖片` },
    published_at: row.published_at,
  };
}

interface ArticleFilter {
  category?: string;
  authorId?: number;
  page: number;
  perPage: number;
}

export async function listArticles(db: ApiDatabase, filter: ArticleFilter): Promise<Schemas["ArticlePage"]> {
  // Fixed fragments with bound values; the page window comes after them.
  const conditions: string[] = [];
  const binds: (string | number)[] = [];
  if (filter.category !== undefined) {
    binds.push(filter.category);
    conditions.push(`r.category = ?${binds.length}`);
  }
  if (filter.authorId !== undefined) {
    binds.push(filter.authorId);
    conditions.push(`r.author_id = ?${binds.length}`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const limit = binds.length + 1;
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${SUMMARY_COLUMNS} ${FROM} ${where} ORDER BY ${ORDER} LIMIT ?${limit} OFFSET ?${limit + 1}`)
      .bind(...binds, filter.perPage, (filter.page - 1) * filter.perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM articles r ${where}`).bind(...binds),
  ]);
  return pageOf(((rows?.results ?? []) as ArticleRow[]).map(toSummary), filter.page, filter.perPage, totalOf(count));
}

export async function latestArticles(db: ApiDatabase, limit: number): Promise<Schemas["ArticleSummary"][]> {
  const { results } = await db
    .prepare(`SELECT ${SUMMARY_COLUMNS} ${FROM} ORDER BY ${ORDER} LIMIT ?1`)
    .bind(limit)
    .all<ArticleRow>();
  return results.map(toSummary);
}

export async function listArticleCategories(db: ApiDatabase): Promise<Schemas["ArticleCategory"][]> {
  const { results } = await db
    .prepare(
      "SELECT category AS name, COUNT(*) AS article_count FROM articles GROUP BY category ORDER BY article_count DESC, name",
    )
    .all<Schemas["ArticleCategory"]>();
  return results;
}

export async function findArticle(db: ApiDatabase, id: number): Promise<Schemas["ArticleDetail"] | null> {
  const [article, products] = await db.batch([
    db.prepare(`SELECT ${SUMMARY_COLUMNS}, r.body ${FROM} WHERE r.id = ?1`).bind(id),
    db
      .prepare(
        `SELECT ${CARD_COLUMNS} FROM article_products ap JOIN products p ON p.id = ap.product_id
          WHERE ap.article_id = ?1 ORDER BY ap.position`,
      )
      .bind(id),
  ]);
  const row = article?.results[0] as (ArticleRow & { body: string }) | undefined;
  if (!row) return null;
  return {
    ...toSummary(row),
    body: JSON.parse(row.body) as string[],
    products: ((products?.results ?? []) as CardRow[]).map(toCard),
  };
}
