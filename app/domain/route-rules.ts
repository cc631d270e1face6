// SPEC §5: on the activity, article, author, news, product, product-type and publisher routes the id must be
// numeric, otherwise the reader is sent home. A numeric id written with leading zeros (/product/012) goes to its one
// address (/product/12), so a page has one URL and one edge cache entry. Used by the worker (documents and data
// requests) alike. Which routes those are comes from the page registry (app/pages.ts).
import { NUMERIC_ID_PREFIXES, staticChildren } from "~/pages";

/** The fixed pages that share a prefix with an id route and are not ids, by prefix ("product" → ebooks, type…). */
const STATIC_CHILDREN = new Map(NUMERIC_ID_PREFIXES.map((prefix) => [prefix, staticChildren(prefix)]));

// Longest prefix first, so /product/type/x is read as a product type and not as the product "type".
const ID_ROUTE = new RegExp(`^/(${[...NUMERIC_ID_PREFIXES].sort((a, b) => b.length - a.length).join("|")})/([^/]+)/?$`);
const NUMERIC_ID = /^\d+$/;

/**
 * Where a request for `pathname` must be redirected by the numeric-id rule, or null when it may go on: "/" for an id
 * that is not numeric, the same page without the leading zeros for one that has them.
 */
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
  if (!NUMERIC_ID.test(id)) return "/";
  const canonical = id.replace(LEADING_ZEROS, "");
  return canonical === id ? null : `/${prefix}/${canonical}`;
}

/** The zeros before an id's first significant digit ("0" itself keeps its digit). */
const LEADING_ZEROS = /^0+(?=\d)/;

/**
 * The path with its id segments written without leading zeros (/api/frontend/products/012 → …/12). Only segments of
 * 1 to 15 digits are ids (worker/api/params.ts); a longer one, which the API refuses, is left as it is.
 */
export function withoutLeadingZeros(pathname: string): string {
  return pathname.replace(/\/(\d{1,15})(?=\/|$)/g, (_, digits: string) => `/${digits.replace(LEADING_ZEROS, "")}`);
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
