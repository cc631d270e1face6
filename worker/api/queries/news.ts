// News (SPEC §3 types 1–3): pinned first, then newest.
import { NEWS_TYPE_LABEL } from "~/domain/labels";
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";

type NewsType = Schemas["NewsType"];

interface NewsRow {
  id: number;
  type: NewsType;
  title: string;
  summary: string;
  is_pinned: number;
  published_at: string;
}

const SUMMARY_COLUMNS = "id, type, title, summary, is_pinned, published_at";
const ORDER = "is_pinned DESC, published_at DESC, id DESC";

function toNewsSummary(row: NewsRow): Schemas["NewsSummary"] {
  return {
    id: row.id,
    type: row.type,
    type_label: NEWS_TYPE_LABEL[row.type],
    title: row.title,
    summary: row.summary,
    is_pinned: row.is_pinned === 1,
    published_at: row.published_at,
  };
}

export async function listNews(
  db: ApiDatabase,
  { type, page, perPage }: { type?: NewsType; page: number; perPage: number },
): Promise<Schemas["NewsPage"]> {
  // With a type, one fixed condition on a bound value (its own index); the page window comes after it.
  const binds = type === undefined ? [] : [type];
  const where = type === undefined ? "" : "WHERE type = ?1";
  const limit = binds.length + 1;
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM news ${where} ORDER BY ${ORDER} LIMIT ?${limit} OFFSET ?${limit + 1}`)
      .bind(...binds, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM news ${where}`).bind(...binds),
  ]);
  return pageOf(((rows?.results ?? []) as NewsRow[]).map(toNewsSummary), page, perPage, totalOf(count));
}

export async function latestNews(db: ApiDatabase, limit: number): Promise<Schemas["NewsSummary"][]> {
  const { results } = await db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM news ORDER BY ${ORDER} LIMIT ?1`)
    .bind(limit)
    .all<NewsRow>();
  return results.map(toNewsSummary);
}

/** One item with its neighbours of the same type by publication time (pinning does not change reading order). */
export async function findNews(db: ApiDatabase, id: number): Promise<Schemas["NewsDetail"] | null> {
  const row = await db
    .prepare(
      `SELECT n.${SUMMARY_COLUMNS.replaceAll(", ", ", n.")}, n.body,
              (SELECT json_object('id', x.id, 'title', x.title) FROM news x
                WHERE x.type = n.type AND (x.published_at, x.id) > (n.published_at, n.id)
                ORDER BY x.published_at, x.id LIMIT 1) AS newer_json,
              (SELECT json_object('id', x.id, 'title', x.title) FROM news x
                WHERE x.type = n.type AND (x.published_at, x.id) < (n.published_at, n.id)
                ORDER BY x.published_at DESC, x.id DESC LIMIT 1) AS older_json
         FROM news n WHERE n.id = ?1`,
    )
    .bind(id)
    .first<NewsRow & { body: string; newer_json: string | null; older_json: string | null }>();
  if (!row) return null;
  return {
    ...toNewsSummary(row),
    body: JSON.parse(row.body) as string[],
    newer: row.newer_json ? (JSON.parse(row.newer_json) as Schemas["NewsRef"]) : null,
    older: row.older_json ? (JSON.parse(row.older_json) as Schemas["NewsRef"]) : null,
  };
}
