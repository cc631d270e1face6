// SPEC §5: on the activity, article, author, news, product, product-type and publisher routes the id must be
// numeric, otherwise the reader is sent home. Used by the worker (documents and data requests) alike. Which routes
// those are comes from the page registry (app/pages.ts).
import { NUMERIC_ID_PREFIXES, staticChildren } from "~/pages";

/** The fixed pages that share a prefix with an id route and are not ids, by prefix ("product" → ebooks, type…). */
const STATIC_CHILDREN = new Map(NUMERIC_ID_PREFIXES.map((prefix) => [prefix, staticChildren(prefix)]));

// Longest prefix first, so /product/type/x is read as a product type and not as the product "type".
const ID_ROUTE = new RegExp(`^/(${[...NUMERIC_ID_PREFIXES].sort((a, b) => b.length - a.length).join("|")})/([^/]+)/?$`);
const NUMERIC_ID = /^\d+$/;

/** Where a request for `pathname` must be redirected by the numeric-id rule, or null when it may go on. */
export function numericIdRedirect(pathname: string): string | null {
  const match = ID_ROUTE.exec(pathname);
  if (!match) return null;
  const [, prefix = "", segment = ""] = match;
  if (STATIC_CHILDREN.get(prefix)?.includes(segment)) return null;
  let id = segment;
  try {
    id = decodeURIComponent(segment);
  } catch {
    // a malformed escape is not numeric either
  }
  return NUMERIC_ID.test(id) ? null : "/";
}

/**
 * The page path behind a React Router single-fetch data request (`/product/x.data`, `/_.data`,
 * `/product/x/_.data`), or null when the request is not a data request.
 */
export function pagePathOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const path = pathname.slice(0, -".data".length);
  if (path === "/_") return "/";
  if (path.endsWith("/_")) return path.slice(0, -1);
  return path;
}
