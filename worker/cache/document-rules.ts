// Which documents (and React Router `.data` requests) are kept at the edge for everyone, and under which key. Which
// pages are public, under which policy and with which query parameters comes from the page registry (app/pages.ts,
// `edgeCache`); a page without it is never cached, so a new member screen cannot leak by default.
import { isbot } from "isbot";
import { parsePage } from "~/domain/paging";
import { pagePathOfDataRequest } from "~/domain/route-rules";
import { readSiteCookie, TOKEN_COOKIE } from "~/http/cookies";
import { type EdgeCacheRule, PAGE_EDGE_CACHE } from "~/page-edge-cache";
import { pageAt } from "~/pages";
import { CACHE_POLICIES, type CachePolicy } from "./policies";

/** React Router's single-fetch parameter naming the routes whose loaders a data request runs. */
const DATA_ROUTES_PARAM = "_routes";
const KEY_ORIGIN = "https://document-cache.internal";

export interface DocumentCachePlan {
  /** The cache key: the build id, the variant and the normalised URL. */
  key: string;
  /**
   * The URL rendered on a miss: known parameters only, sorted, so the stored page is the same whoever asked first
   * (a junk parameter never ends up in its links).
   */
  renderUrl: string;
  policy: CachePolicy;
}

interface PlanContext {
  /** The build's id: a new build never serves a page that names the old build's chunks. */
  buildId: string;
  /** Set when the route rules redirect this request (worker/route-rules.ts): such a reply is never stored. */
  routeRedirect: string | null;
}

/** Whether the request carries the member's token cookie (under the name it has on this site). */
export function hasMemberToken(request: Request): boolean {
  return readSiteCookie(new URL(request.url), request.headers.get("Cookie"), TOKEN_COOKIE) !== null;
}

function edgeCacheRule(pagePath: string): EdgeCacheRule | undefined {
  return PAGE_EDGE_CACHE[pageAt(pagePath)];
}

/**
 * The query a page's loaders read, each known parameter once (its first value, as they read it), sorted. `page` is
 * written as the number every listing reads it as (parsePage), the first page as no `page` at all, so `?page=abc`,
 * `?page=01` and `?page=99999` cannot be varied to render the same page again and again.
 */
function knownQuery(url: URL, names: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of [...new Set(names)].sort()) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    if (name !== "page") query.set(name, value);
    else if (parsePage(value) > 1) query.set(name, String(parsePage(value)));
  }
  return query.size ? `?${query}` : "";
}

/**
 * How a request is served from the edge cache, or null when it never is: not a GET or HEAD, redirected by the route
 * rules, or for a page the registry does not mark as public. A public page is the same document for guests and members
 * (issue 25): it is rendered for a guest, and the member's parts are filled in by the browser from the member's own
 * calls, which are never cached (the header's links by the session marker, the likes, the cart count).
 */
export function documentCachePlan(request: Request, { buildId, routeRedirect }: PlanContext): DocumentCachePlan | null {
  // A HEAD shares the GET's entry (documents.ts answers it without the body).
  if ((request.method !== "GET" && request.method !== "HEAD") || routeRedirect) return null;
  const url = new URL(request.url);
  const dataPagePath = pagePathOfDataRequest(url.pathname);
  const rule = edgeCacheRule(dataPagePath ?? url.pathname);
  if (!rule) return null;
  const search = knownQuery(url, dataPagePath === null ? rule.query : [...rule.query, DATA_ROUTES_PARAM]);
  // Crawlers get the whole document at once and people a streamed one (app/entry.server.tsx): two variants.
  const userAgent = request.headers.get("User-Agent");
  const variant = dataPagePath !== null ? "data" : userAgent && isbot(userAgent) ? "document-bot" : "document";
  return {
    key: `${KEY_ORIGIN}/${encodeURIComponent(buildId)}/${variant}/${encodeURIComponent(url.origin)}${url.pathname}${search}`,
    renderUrl: `${url.origin}${url.pathname}${search}`,
    policy: CACHE_POLICIES[rule.policy],
  };
}

const STORABLE_TYPES = ["text/html", "text/x-script"];

/** A rendered reply that may be shared with every guest: HTTP 200, HTML or single-fetch data, no cookie, not private. */
export function isStorableDocument(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const type = response.headers.get("Content-Type") ?? "";
  if (!STORABLE_TYPES.some((storable) => type.startsWith(storable))) return false;
  return !/\b(no-store|private)\b/.test(response.headers.get("Cache-Control") ?? "");
}
