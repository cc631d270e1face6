// Reading a listing's query string in a loader: a value that is not one the API accepts falls back to the default
// (the page still answers 200), so a mistyped or stale link never becomes an error.
import { parsePage } from "~/domain/paging";

/** The page number of `?page=` (see parsePage). */
export function pageParam(url: URL): number {
  return parsePage(url.searchParams.get("page"));
}

/** One of the allowed values of `?name=`, otherwise the fallback. */
export function choiceParam<T extends string>(url: URL, name: string, allowed: readonly T[], fallback: T): T;
export function choiceParam<T extends string>(url: URL, name: string, allowed: readonly T[]): T | undefined;
export function choiceParam<T extends string>(
  url: URL,
  name: string,
  allowed: readonly T[],
  fallback?: T,
): T | undefined {
  const raw = url.searchParams.get(name);
  return allowed.find((value) => value === raw) ?? fallback;
}

/** A page past the last one is read as the first page (the listing may have shrunk since the link was made). */
export async function withinPages<T extends { page: number; total_pages: number }>(
  page: number,
  fetchPage: (page: number) => Promise<T>,
): Promise<T> {
  const result = await fetchPage(page);
  return page > 1 && page > result.total_pages ? fetchPage(1) : result;
}

/**
 * A page past the last one of a listing that has items (a link made when the listing was longer, or a made-up
 * number): the page says so and links back, with the 404 status, so it is not indexed as a page of the listing.
 */
export function isPastTheEnd(page: number, result: { total: number; total_pages: number }): boolean {
  return result.total > 0 && page > result.total_pages;
}

/** A listing URL: the path with only the given (non-empty) parameters. */
export function listHref(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A listing's page title: the page number is added after the first page so every page has its own title. */
export function listTitle(title: string, page: number): string {
  return page > 1 ? `${title}（第 ${page} 頁）` : title;
}

/** A listing page's own number for its canonical URL and links: absent on the first page. */
export function pageOrNone(page: number): number | undefined {
  return page > 1 ? page : undefined;
}
