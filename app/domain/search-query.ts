// What a search URL may say (q, sort, page), read forgivingly: anything invalid falls back to the default.

/** The API refuses queries longer than this (UTF-16 code units after trimming, as its validator counts). */
export const SEARCH_QUERY_MAX = 50;
/** The API's refusal of a longer query, and the search page's words for the query it cut (cleanSearchQuery). */
export const SEARCH_QUERY_TOO_LONG = `搜尋關鍵字最多 ${SEARCH_QUERY_MAX} 個字`;

/**
 * Control characters separate words like spaces: none can be typed to match, and a NUL would end an FTS5 string.
 * The page and the API (worker/api/search-terms.ts) read them alike, so a query of nothing else is no query: the
 * search page's empty state, never the API's refusal (which the page would show as 查無內容).
 */
export const controlsAsSpaces = (text: string) => text.replace(/\p{Cc}/gu, " ");

/**
 * The query as the API accepts it: control characters read as spaces (controlsAsSpaces), trimmed, cut to
 * SEARCH_QUERY_MAX without splitting a character, and trimmed again (the cut may leave a space at the end). Empty
 * means "nothing to search".
 */
export function cleanSearchQuery(raw: string | null | undefined): string {
  const trimmed = controlsAsSpaces(raw ?? "").trim();
  if (trimmed.length <= SEARCH_QUERY_MAX) return trimmed;
  let cut = "";
  for (const char of trimmed) {
    if (cut.length + char.length > SEARCH_QUERY_MAX) break;
    cut += char;
  }
  return cut.trim();
}

/**
 * Whether cleanSearchQuery cut the query: a link or bookmark (the header's box stops at SEARCH_QUERY_MAX) asked for
 * more than the API takes, so the page searched only the start and says so rather than show the cut as the query.
 */
export const searchQueryCut = (raw: string | null | undefined): boolean =>
  controlsAsSpaces(raw ?? "").trim().length > SEARCH_QUERY_MAX;

/** Result orders (GET /search's sort); relevance is the default and stays out of the URL. */
export const SEARCH_SORTS = [
  { value: "relevance", label: "相關度" },
  { value: "newest", label: "出版日期" },
  { value: "price_asc", label: "價格低到高" },
  { value: "price_desc", label: "價格高到低" },
] as const;

export type SearchSort = (typeof SEARCH_SORTS)[number]["value"];
const DEFAULT_SEARCH_SORT: SearchSort = "relevance";

export function parseSearchSort(raw: string | null | undefined): SearchSort {
  return SEARCH_SORTS.find((s) => s.value === raw)?.value ?? DEFAULT_SEARCH_SORT;
}

/** The search page's URL for a query, order and page (defaults left out, so equal searches share one URL). */
export function searchHref(q: string, sort: SearchSort = DEFAULT_SEARCH_SORT, page = 1): string {
  const params = new URLSearchParams({ q });
  if (sort !== DEFAULT_SEARCH_SORT) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}
