// Named cache policies for /api/frontend replies (DESIGN: every upstream call names its policy).
// Only public catalogue GETs (and HEADs) are cached; member, cart and checkout replies never are.

export interface CachePolicy {
  name: "short" | "long" | "none";
  /** Fresh for this long. */
  maxAgeSeconds: number;
  /** Then served stale while one revalidation runs in the background. */
  staleWhileRevalidateSeconds: number;
  /** Served stale when the origin fails (5xx, unreachable, not an envelope), up to this age past freshness. */
  staleIfErrorSeconds: number;
}

export const CACHE_POLICIES = {
  /** Catalogue data that changes during the day: prices, stock, lists. */
  short: { name: "short", maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600, staleIfErrorSeconds: 86_400 },
  /** Data that changes rarely: the app environment, static pages, the type tree. */
  long: { name: "long", maxAgeSeconds: 3_600, staleWhileRevalidateSeconds: 86_400, staleIfErrorSeconds: 604_800 },
  /** Personal or state-changing: never stored. */
  none: { name: "none", maxAgeSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 0 },
} as const satisfies Record<string, CachePolicy>;

// Allowlist: a path that is not listed is never cached, so a new personal endpoint cannot leak by default.
const RULES: [RegExp, CachePolicy][] = [
  [/^\/api\/frontend\/env$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/product-types$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/countries$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/pages\/[a-z-]+$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/articles\/categories$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/sitemap(\/[a-z]+)?$/, CACHE_POLICIES.long],
  [/^\/api\/frontend\/home$/, CACHE_POLICIES.short],
  [/^\/api\/frontend\/(news|activities|articles)(\/\d+)?$/, CACHE_POLICIES.short],
  [/^\/api\/frontend\/products$/, CACHE_POLICIES.short],
  [/^\/api\/frontend\/search(\/suggestions)?$/, CACHE_POLICIES.short],
  [/^\/api\/frontend\/products\/\d+(\/related)?$/, CACHE_POLICIES.short],
  [/^\/api\/frontend\/(authors|publishers)\/\d+(\/products)?$/, CACHE_POLICIES.short],
];

export function policyForApiRequest(method: string, pathname: string): CachePolicy {
  // HEAD is answered from the same entry as GET (without the body): it must not be a way around the cache.
  if (method !== "GET" && method !== "HEAD") return CACHE_POLICIES.none;
  return RULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? CACHE_POLICIES.none;
}

/** What browsers and other shared caches are told. */
export function cacheControlFor(policy: CachePolicy): string {
  if (policy.name === "none") return "private, no-store";
  return `public, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}, stale-if-error=${policy.staleIfErrorSeconds}`;
}
