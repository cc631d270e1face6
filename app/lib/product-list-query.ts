// The sort, format filter and page of a product listing, read from the URL. Anything unknown or malformed falls
// back to its default, so a hand-edited or stale link still shows a page (never an API error).
import type { ProductFormat } from "~/domain/labels";
import { parsePage } from "~/domain/paging";
import type { components } from "~/lib/api/schema";

export type ProductSort = components["schemas"]["ProductSort"];
export type ProductPage = components["schemas"]["ProductPage"];

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: "newest", label: "出版日期" },
  { value: "price_asc", label: "價格低到高" },
  { value: "price_desc", label: "價格高到低" },
  { value: "title", label: "書名" },
];
const DEFAULT_SORT: ProductSort = "newest";

export const PER_PAGE_OPTIONS = [24, 48, 60] as const;
const DEFAULT_PER_PAGE = 24;

export const FORMAT_VALUES: readonly ProductFormat[] = [1, 2, 3, 4];

export interface ListQuery {
  sort: ProductSort;
  /** Only on listings that offer the format filter; undefined is 全部. */
  format?: ProductFormat;
  page: number;
  perPage: number;
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export function parseListQuery(search: string | URLSearchParams, options: { formats: boolean }): ListQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const sortParam = params.get("sort");
  const sort = SORT_OPTIONS.find((o) => o.value === sortParam)?.value ?? DEFAULT_SORT;
  const formatParam = wholeNumber(params.get("format"));
  const format =
    options.formats && FORMAT_VALUES.includes(formatParam as ProductFormat)
      ? (formatParam as ProductFormat)
      : undefined;
  const page = parsePage(params.get("page"));
  const perPageParam = wholeNumber(params.get("per_page"));
  const perPage = PER_PAGE_OPTIONS.find((n) => n === perPageParam) ?? DEFAULT_PER_PAGE;
  return { sort, format, page, perPage };
}

/** The query parameters of the API's paged product listings. */
export function apiListQuery(query: ListQuery) {
  return {
    sort: query.sort,
    page: query.page,
    per_page: query.perPage,
    ...(query.format ? { format: query.format } : {}),
  };
}

/**
 * The canonical path of a listing page: the format filter changes what is listed and the page which part of it,
 * so both stay; the sort order and the page size only rearrange the same items, so they do not.
 */
export function canonicalListPath(pathname: string, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.format) params.set("format", String(query.format));
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A link to the same listing with some parameters changed (undefined removes one); the page goes back to 1. */
export function changedListHref(search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}
