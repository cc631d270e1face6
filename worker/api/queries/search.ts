// Product search on the trigram FTS5 index, with a substring fallback for one- and two-character words, and
// predictive suggestions. Only bound parameters carry what the reader typed; the SQL varies only in how many
// fixed LIKE conditions it has (at most MAX_TERMS).
import { escapeLike, type SearchTerms } from "../search-terms";
import type { Schemas } from "../types";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

const HAYSTACK = "(f.title || ' ' || f.subtitle || ' ' || f.contributors || ' ' || f.publisher || ' ' || f.isbn)";

function whereClause(terms: SearchTerms, firstParam: number) {
  const conditions: string[] = [];
  const binds: string[] = [];
  let n = firstParam;
  if (terms.match) {
    conditions.push(`products_fts MATCH ?${n++}`);
    binds.push(terms.match);
  }
  for (const pattern of terms.like) {
    conditions.push(`${HAYSTACK} LIKE ?${n++} ESCAPE '\\'`);
    binds.push(pattern);
  }
  return { sql: conditions.join(" AND "), binds, next: n };
}

/**
 * Best match first: the exact title (?1), titles starting with it, the full-text rank when the index was used
 * (title weighs most; left out otherwise, as a bare 0 in ORDER BY would mean column 0), then newer.
 */
function relevance(terms: SearchTerms): string {
  const rank = terms.match ? "bm25(products_fts, 10.0, 3.0, 6.0, 2.0, 1.0)," : "";
  return `(p.title = ?1) DESC, (instr(p.title, ?1) = 1) DESC, ${rank} p.published_on DESC, p.id`;
}

export async function searchProducts(
  db: D1Database,
  terms: SearchTerms,
  page: number,
  perPage: number,
): Promise<Schemas["ProductPage"]> {
  const where = whereClause(terms, 4);
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${CARD_COLUMNS}
           FROM products_fts f JOIN products p ON p.id = f.rowid
          WHERE ${where.sql}
          ORDER BY ${relevance(terms)}
          LIMIT ?2 OFFSET ?3`,
      )
      .bind(terms.phrase, perPage, (page - 1) * perPage, ...where.binds),
    db.prepare(`SELECT COUNT(*) AS total FROM products_fts f WHERE ${whereClause(terms, 1).sql}`).bind(...where.binds),
  ]);
  return pageOf(((rows?.results ?? []) as CardRow[]).map(toCard), page, perPage, totalOf(count));
}

export async function searchSuggestions(
  db: D1Database,
  terms: SearchTerms,
  limit: number,
): Promise<Schemas["SearchSuggestions"]> {
  const where = whereClause(terms, 3);
  const name = `%${escapeLike(terms.phrase)}%`;
  const [books, authors, publishers, articles] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.title, p.format FROM products_fts f JOIN products p ON p.id = f.rowid
          WHERE ${where.sql}
          ORDER BY ${relevance(terms)}
          LIMIT ?2`,
      )
      .bind(terms.phrase, limit, ...where.binds),
    db
      .prepare(
        `SELECT id, name FROM authors WHERE name LIKE ?1 ESCAPE '\\'
          ORDER BY (name = ?2) DESC, instr(name, ?2), length(name), id LIMIT ?3`,
      )
      .bind(name, terms.phrase, limit),
    db
      .prepare(
        `SELECT id, name FROM publishers WHERE name LIKE ?1 ESCAPE '\\'
          ORDER BY (name = ?2) DESC, instr(name, ?2), length(name), id LIMIT ?3`,
      )
      .bind(name, terms.phrase, limit),
    db
      .prepare(
        `SELECT id, title FROM articles WHERE title LIKE ?1 ESCAPE '\\'
          ORDER BY (title = ?2) DESC, instr(title, ?2), published_at DESC, id LIMIT ?3`,
      )
      .bind(name, terms.phrase, limit),
  ]);
  return {
    books: (books?.results ?? []) as Schemas["SearchSuggestions"]["books"],
    authors: (authors?.results ?? []) as Schemas["NamedRef"][],
    publishers: (publishers?.results ?? []) as Schemas["NamedRef"][],
    articles: (articles?.results ?? []) as Schemas["SearchSuggestions"]["articles"],
  };
}
