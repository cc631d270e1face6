// Named cache policies for /api/frontend replies (DESIGN: every upstream call names its policy).
// Only public catalogue GETs (and HEADs) are cached; member, cart and checkout replies never are.
import { endpointOf } from "../endpoints/endpoint-of-request";

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

export type CachePolicyName = keyof typeof CACHE_POLICIES;

/**
 * The policy of a call to /api/frontend: its operation's (worker/endpoints/endpoint-policies.ts). A call that is no
 * operation of the contract is never cached, so a new personal endpoint cannot leak by default.
 */
export function policyForApiRequest(method: string, pathname: string): CachePolicy {
  // HEAD is answered from the same entry as GET (without the body): it must not be a way around the cache.
  if (method !== "GET" && method !== "HEAD") return CACHE_POLICIES.none;
  return CACHE_POLICIES[endpointOf(method, pathname)?.policy.cache ?? "none"];
}

/** What browsers and other shared caches are told. */
export function cacheControlFor(policy: CachePolicy): string {
  if (policy.name === "none") return "private, no-store";
  return `public, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}, stale-if-error=${policy.staleIfErrorSeconds}`;
}
