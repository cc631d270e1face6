// Ids of every public item by kind, in chunks, for the sitemap. One fixed statement per kind.
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";

const SITEMAP_CHUNK_SIZE = 5000;

type Kind = Schemas["SitemapKind"];

const SOURCES: Record<Kind, { table: string; lastModified: string }> = {
  products: { table: "products", lastModified: "created_at" },
  authors: { table: "authors", lastModified: "NULL" },
  publishers: { table: "publishers", lastModified: "NULL" },
  news: { table: "news", lastModified: "published_at" },
  activities: { table: "activities", lastModified: "published_at" },
  articles: { table: "articles", lastModified: "published_at" },
};

export const SITEMAP_KINDS = Object.keys(SOURCES) as Kind[];

export async function sitemapSummary(db: ApiDatabase): Promise<Schemas["SitemapKindSummary"][]> {
  const counts = await db.batch(
    SITEMAP_KINDS.map((kind) => db.prepare(`SELECT COUNT(*) AS total FROM ${SOURCES[kind].table}`)),
  );
  return SITEMAP_KINDS.map((kind, i) => {
    const total = totalOf(counts[i]);
    return { kind, total, chunk_size: SITEMAP_CHUNK_SIZE, chunks: Math.ceil(total / SITEMAP_CHUNK_SIZE) };
  });
}

export async function sitemapChunk(db: ApiDatabase, kind: Kind, page: number): Promise<Schemas["SitemapChunk"]> {
  const { table, lastModified } = SOURCES[kind];
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT id, ${lastModified} AS last_modified FROM ${table} ORDER BY id LIMIT ?1 OFFSET ?2`)
      .bind(SITEMAP_CHUNK_SIZE, (page - 1) * SITEMAP_CHUNK_SIZE),
    db.prepare(`SELECT COUNT(*) AS total FROM ${table}`),
  ]);
  const total = totalOf(count);
  const items = (rows?.results ?? []) as Schemas["SitemapChunk"]["items"];
  return { kind, ...pageOf(items, page, SITEMAP_CHUNK_SIZE, total) };
}
