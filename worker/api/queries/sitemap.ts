// Ids of every public item by kind, in chunks, for the sitemap. One fixed statement per kind.
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";

const SITEMAP_CHUNK_SIZE = 5000;

type Kind = Schemas["SitemapKind"];

/** Each kind's items are the rows of the table named as the kind; the column that dates one (NULL where none does). */
const LAST_MODIFIED: Record<Kind, string> = {
  products: "created_at",
  authors: "NULL",
  publishers: "NULL",
  news: "published_at",
  activities: "published_at",
  articles: "published_at",
};

export const SITEMAP_KINDS = Object.keys(LAST_MODIFIED) as Kind[];

export async function sitemapSummary(db: ApiDatabase): Promise<Schemas["SitemapKindSummary"][]> {
  const counts = await db.batch(SITEMAP_KINDS.map((kind) => db.prepare(`SELECT COUNT(*) AS total FROM ${kind}`)));
  return SITEMAP_KINDS.map((kind, i) => {
    const total = totalOf(counts[i]);
    return { kind, total, chunk_size: SITEMAP_CHUNK_SIZE, chunks: Math.ceil(total / SITEMAP_CHUNK_SIZE) };
  });
}

export async function sitemapChunk(db: ApiDatabase, kind: Kind, page: number): Promise<Schemas["SitemapChunk"]> {
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT id, ${LAST_MODIFIED[kind]} AS last_modified FROM ${kind} ORDER BY id LIMIT ?1 OFFSET ?2`)
      .bind(SITEMAP_CHUNK_SIZE, (page - 1) * SITEMAP_CHUNK_SIZE),
    db.prepare(`SELECT COUNT(*) AS total FROM ${kind}`),
  ]);
  const total = totalOf(count);
  const items = (rows?.results ?? []) as Schemas["SitemapChunk"]["items"];
  return { kind, ...pageOf(items, page, SITEMAP_CHUNK_SIZE, total) };
}
