// Turns what a reader typed into search terms: FTS5 MATCH expressions for words of three or more characters
// (the trigram index needs three) and LIKE patterns for shorter ones. 台 and 臺 find each other.

import { controlsAsSpaces } from "~/domain/search-query";

export const MAX_TERMS = 5;

export interface SearchTerms {
  /** An FTS5 MATCH expression for the long words, or null when there are none. */
  match: string | null;
  /** For each short word, the LIKE patterns (with \ as the escape) of its 台/臺 forms; any of them may match. */
  like: string[][];
  /** The whole query, normalised, for exact-title ranking. */
  phrase: string;
}

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;
/** Escapes LIKE wildcards, for patterns written with `ESCAPE '\\'`. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The forms of a term with 台 and 臺 swapped either way (the term itself first). */
export function variants(term: string): string[] {
  const forms = new Set([term, term.replaceAll("台", "臺"), term.replaceAll("臺", "台")]);
  return [...forms];
}

export function searchTerms(query: string): SearchTerms {
  const words = controlsAsSpaces(query.normalize("NFKC")).trim().split(/\s+/).filter(Boolean);
  const terms = [...new Set(words)].slice(0, MAX_TERMS);
  const long = terms.filter((t) => [...t].length >= 3);
  const short = terms.filter((t) => [...t].length < 3);
  const match =
    long.length > 0
      ? long
          .map((t) => {
            const forms = variants(t).map(quote);
            return forms.length > 1 ? `(${forms.join(" OR ")})` : forms[0];
          })
          .join(" AND ")
      : null;
  return {
    match,
    like: short.map((t) => variants(t).map((form) => `%${escapeLike(form)}%`)),
    phrase: terms.join(" "),
  };
}
