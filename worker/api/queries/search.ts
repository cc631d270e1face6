// Product search on the trigram FTS5 index, with a substring fallback for one- and two-character words, and
// predictive suggestions. Only bound parameters carry what the reader typed; the SQL varies only in how many
// fixed LIKE conditions it has (at most MAX_TERMS).
import { type SearchTerms, variants } from "../search-terms";
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";
import { CARD_COLUMNS, type CardRow, toCard } from "./products";

/**
 * Where the words are looked for. With a word of three or more characters the trigram index narrows the rows and the
 * short words are checked on those; with short words only, the plain text table is scanned (much faster to scan
 * than the FTS5 table).
 */
function source(terms: SearchTerms) {
  return terms.match
    ? {
        from: "products_fts f JOIN products p ON p.id = f.rowid",
        count: "products_fts f",
        haystack: "(f.title || ' ' || f.subtitle || ' ' || f.contributors || ' ' || f.publisher || ' ' || f.isbn)",
      }
    : {
        from: "product_search_text s JOIN products p ON p.id = s.product_id",
        count: "product_search_text s",
        haystack: "s.text",
      };
}

function whereClause(terms: SearchTerms, firstParam: number) {
  const { haystack } = source(terms);
  const conditions: string[] = [];
  const binds: string[] = [];
  let n = firstParam;
  if (terms.match) {
    conditions.push(`products_fts MATCH ?${n++}`);
    binds.push(terms.match);
  }
  for (const forms of terms.like) {
    conditions.push(`(${forms.map(() => `${haystack} LIKE ?${n++} ESCAPE '\\'`).join(" OR ")})`);
    binds.push(...forms);
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

export type SearchSort = "relevance" | "newest" | "price_asc" | "price_desc";

// The reader's chosen order first; relevance breaks ties.
const SEARCH_ORDER: Record<SearchSort, string> = {
  relevance: "",
  newest: "p.published_on DESC,",
  price_asc: "p.price_sale ASC,",
  price_desc: "p.price_sale DESC,",
};

export async function searchProducts(
  db: ApiDatabase,
  terms: SearchTerms,
  sort: SearchSort,
  page: number,
  perPage: number,
): Promise<Schemas["ProductPage"]> {
  const where = whereClause(terms, 4);
  const { from, count: countFrom } = source(terms);
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${CARD_COLUMNS}
           FROM ${from}
          WHERE ${where.sql}
          ORDER BY ${SEARCH_ORDER[sort]} ${relevance(terms)}
          LIMIT ?2 OFFSET ?3`,
      )
      .bind(terms.phrase, perPage, (page - 1) * perPage, ...where.binds),
    db.prepare(`SELECT COUNT(*) AS total FROM ${countFrom} WHERE ${whereClause(terms, 1).sql}`).bind(...where.binds),
  ]);
  return pageOf(((rows?.results ?? []) as CardRow[]).map(toCard), page, perPage, totalOf(count));
}

export async function searchSuggestions(
  db: ApiDatabase,
  terms: SearchTerms,
  limit: number,
): Promise<Schemas["SearchSuggestions"]> {
  const where = whereClause(terms, 3);
  // Names and titles containing the phrase in any 台/臺 form (instr: D1 refuses LIKE patterns over 50 bytes).
  const [phrase, otherA = phrase, otherB = phrase] = variants(terms.phrase);
  const contains = (column: string) =>
    `(instr(${column}, ?1) > 0 OR instr(${column}, ?3) > 0 OR instr(${column}, ?4) > 0)`;
  const named = (table: "authors" | "publishers") =>
    db
      .prepare(
        `SELECT id, name FROM ${table} WHERE ${contains("name")}
          ORDER BY (name = ?1) DESC, instr(name, ?1) = 0, instr(name, ?1), length(name), id LIMIT ?2`,
      )
      .bind(phrase, limit, otherA, otherB);
  const [books, authors, publishers, articles] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.title, p.format FROM ${source(terms).from}
          WHERE ${where.sql}
          ORDER BY ${relevance(terms)}
          LIMIT ?2`,
      )
      .bind(terms.phrase, limit, ...where.binds),
    named("authors"),
    named("publishers"),
    db
      .prepare(
        `SELECT id, title FROM articles WHERE ${contains("title")}
          ORDER BY (title = ?1) DESC, instr(title, ?1) = 0, instr(title, ?1), published_at DESC, id LIMIT ?2`,
      )
      .bind(phrase, limit, otherA, otherB),
  ]);
  return {
    books: (books?.results ?? []) as Schemas["SearchSuggestions"]["books"],
    authors: (authors?.results ?? []) as Schemas["NamedRef"][],
    publishers: (publishers?.results ?? []) as Schemas["NamedRef"][],
    articles: (articles?.results ?? []) as Schemas["SearchSuggestions"]["articles"],
  };
}
