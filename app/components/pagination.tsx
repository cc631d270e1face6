// Page links that keep every other query parameter (filters, sort) in the URL; plain links, so they work
// before hydration and can be shared or bookmarked.
import { Link, useLocation } from "react-router";

export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** Which page numbers to show: the first, the last and two around the current one, with gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const shown = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...shown].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  return pages.flatMap((p, i) => (i > 0 && p - (pages[i - 1] ?? p) > 1 ? [null, p] : [p]));
}

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { search } = useLocation();
  if (totalPages <= 1) return null;
  const linkClass = "inline-flex items-center justify-center min-w-[38px] h-control-sm px-3 border border-line";
  return (
    <nav aria-label="分頁" className="mt-8">
      <ul className="list-none m-0 p-0 flex flex-wrap gap-2 items-center">
        {page > 1 && (
          <li>
            <Link to={pageHref(search, page - 1)} className={`${linkClass} text-link`} rel="prev">
              上一頁
            </Link>
          </li>
        )}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${linkClass} bg-primary text-primary-on font-bold`}>
                  <span className="sr-only">第 </span>
                  {p}
                  <span className="sr-only"> 頁</span>
                </span>
              ) : (
                <Link to={pageHref(search, p)} className={`${linkClass} text-link`} aria-label={`第 ${p} 頁`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <Link to={pageHref(search, page + 1)} className={`${linkClass} text-link`} rel="next">
              下一頁
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
