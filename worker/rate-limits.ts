import { getPath } from "hono/utils/url";
import { API_CODE } from "~/http/api-codes";
import { RATE_LIMIT_PERIOD_SECONDS, TOO_MANY_REQUESTS_MESSAGE } from "~/http/rate-limit";
import { log } from "~/lib/log.server";
import { endpointOf, routesWith } from "./endpoints/endpoint-of-request";
import { clientKeyOf } from "./rate-limits-client";

/** Every rate-limiting binding of wrangler.toml. */
type AnyRateLimitBinding = {
  [Name in keyof Env]: Env[Name] extends RateLimit ? Name : never;
}[keyof Env];

/** The bindings of the caps on all clients together (one per sensitive group). */
export type GlobalRateLimitBinding = Extract<AnyRateLimitBinding, `${string}_GLOBAL_RATE_LIMIT`>;

/** The per-client bindings: one per group of limited calls. */
export type RateLimitBinding = Exclude<AnyRateLimitBinding, GlobalRateLimitBinding>;

export { RATE_LIMIT_PERIOD_SECONDS } from "~/http/rate-limit";

/** The groups, each a binding of wrangler.toml (a group no operation counts against is a mistake the tests catch). */
const GROUP_NAMES = {
  SIGN_IN_RATE_LIMIT: true,
  REGISTER_RATE_LIMIT: true,
  RECOVERY_RATE_LIMIT: true,
  ORDER_SEARCH_RATE_LIMIT: true,
  QUOTE_RATE_LIMIT: true,
  CHECKOUT_RATE_LIMIT: true,
  SEARCH_RATE_LIMIT: true,
} as const satisfies Record<RateLimitBinding, true>;

/**
 * The limited calls by group ("METHOD path" under /api/frontend; GET includes HEAD), as the operations' policies
 * write them (worker/endpoints/endpoint-policies.ts, `rateLimit`).
 */
export const RATE_LIMIT_GROUPS = Object.fromEntries(
  (Object.keys(GROUP_NAMES) as RateLimitBinding[]).map((group) => [
    group,
    routesWith((policy) => (policy.rateLimit === group ? group : undefined)).map(([route]) => route),
  ]),
) as unknown as Record<RateLimitBinding, readonly string[]>;

/** The groups with a cap on all clients together, and its binding. */
export const GLOBAL_RATE_LIMITS = {
  SIGN_IN_RATE_LIMIT: "SIGN_IN_GLOBAL_RATE_LIMIT",
  REGISTER_RATE_LIMIT: "REGISTER_GLOBAL_RATE_LIMIT",
  RECOVERY_RATE_LIMIT: "RECOVERY_GLOBAL_RATE_LIMIT",
  CHECKOUT_RATE_LIMIT: "CHECKOUT_GLOBAL_RATE_LIMIT",
} as const satisfies Partial<Record<RateLimitBinding, GlobalRateLimitBinding>>;

/** The one key every client's calls are counted under by a global binding. */
export const GLOBAL_KEY = "all-clients";

/** The group a call counts against, or null when it is not limited. */
export function rateLimitGroupOf(request: Request): RateLimitBinding | null {
  // The path as the API's router (Hono) reads it, percent-escapes decoded: an escaped path cannot slip past.
  return endpointOf(request.method, getPath(request))?.policy.rateLimit ?? null;
}

/** The reply past a limit: code 7 with the time to wait, never cached. */
export function tooManyRequests(): Response {
  return Response.json(
    { code: API_CODE.tooManyAttempts, message: TOO_MANY_REQUESTS_MESSAGE },
    {
      status: 429,
      headers: { "Retry-After": String(RATE_LIMIT_PERIOD_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

const globalBindingOf = (group: RateLimitBinding): GlobalRateLimitBinding | undefined =>
  (GLOBAL_RATE_LIMITS as Partial<Record<RateLimitBinding, GlobalRateLimitBinding>>)[group];

/**
 * Counts `request` against its group for the client at `clientIp`, then (when the client's own limit lets it through)
 * against the group's cap on all clients; the 429 reply when either is reached, else null. Without an address (only
 * a caller outside Cloudflare and Miniflare has none) there is no one to count.
 */
export async function rateLimited(
  request: Request,
  env: Env,
  clientIp: string | null | undefined = request.headers.get("CF-Connecting-IP"),
): Promise<Response | null> {
  const group = rateLimitGroupOf(request);
  if (!group || !clientIp) return null;
  if (!(await env[group].limit({ key: clientKeyOf(clientIp) })).success) return tooManyRequests();
  const global = globalBindingOf(group);
  if (global && !(await env[global].limit({ key: GLOBAL_KEY })).success) {
    log.warn("rate-limits", { message: "global cap reached", group });
    return tooManyRequests();
  }
  return null;
}
