// Which pages' guest copies are kept at the edge, and by which key (worker/cache/document-rules.ts): beside the
// page registry (app/pages.ts) rather than in it, because the registry also ships to the browser (menus, titles)
// and these facts are the worker's alone. A page not listed here is never cached: member, cart, order, sign-in and
// account screens are left out on purpose (app/pages.test.ts checks which are).
import type { PageId } from "./pages";

export interface EdgeCacheRule {
  /** The named policy (worker/cache/policies.ts): "short" for catalogue pages, "long" for editorial text. */
  readonly policy: "short" | "long";
  /** The query parameters the page's loaders read, e.g. search's q, sort and page; any other is dropped from the key. */
  readonly query: readonly string[];
}

/** Product listings read sort, format, page and per_page (app/lib/product-list-query.ts). */
const LIST_QUERY = ["sort", "format", "page", "per_page"] as const;
const NO_QUERY = [] as const;
const CATALOGUE = { policy: "short", query: NO_QUERY } as const satisfies EdgeCacheRule;
const PRODUCT_LISTING = { policy: "short", query: LIST_QUERY } as const satisfies EdgeCacheRule;
const EDITORIAL_TEXT = { policy: "long", query: NO_QUERY } as const satisfies EdgeCacheRule;

export const PAGE_EDGE_CACHE: Partial<Record<PageId, EdgeCacheRule>> = {
  index: CATALOGUE,
  "product-new-books": PRODUCT_LISTING,
  "product-picks": PRODUCT_LISTING,
  "product-ebooks": PRODUCT_LISTING,
  "product-type": CATALOGUE,
  "product-type-id": PRODUCT_LISTING,
  "product-id": CATALOGUE,
  "news-list": { policy: "short", query: ["type", "page"] },
  "news-id": CATALOGUE,
  "activity-welcome": CATALOGUE,
  "activity-list": { policy: "short", query: ["when", "page"] },
  "activity-id": CATALOGUE,
  "article-welcome": CATALOGUE,
  "article-list": { policy: "short", query: ["category", "page"] },
  "article-id": CATALOGUE,
  "author-id": { policy: "short", query: ["sort", "page", "per_page"] },
  "publisher-id": { policy: "short", query: ["sort", "page", "per_page"] },
  search: { policy: "short", query: ["q", "sort", "page"] },
  "about-cultural": EDITORIAL_TEXT,
  "about-history": EDITORIAL_TEXT,
  "about-milestone": EDITORIAL_TEXT,
  "instructions-faq": EDITORIAL_TEXT,
  "instructions-customer-service": EDITORIAL_TEXT,
  "instructions-ebook": EDITORIAL_TEXT,
  "instructions-group-buying": EDITORIAL_TEXT,
  privacy: EDITORIAL_TEXT,
  security: EDITORIAL_TEXT,
  "terms-of-service": EDITORIAL_TEXT,
};
