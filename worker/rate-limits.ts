// Rate limits per client address on the calls worth abusing: signing in, registering, account recovery, order
// search, quotes and checkout, and (generously) search. Each group is one Cloudflare rate-limiting binding; its limit
// and period live in wrangler.toml's [[ratelimits]] (Miniflare runs the same bindings locally). The address is
// CF-Connecting-IP, which Cloudflare's edge sets and nobody can forge there; locally Miniflare sets it from the socket
// unless the request already carries one (the test suites give each test an address of its own). Calls through the
// storefront's own pages (loaders and actions) count like calls from the browser: the page's address is passed in.
// Past a limit the reply is code 7, HTTP 429 with Retry-After.
import { createMiddleware } from "hono/factory";
import { getPath } from "hono/utils/url";
import { API_CODE } from "~/domain/api-codes";
import { RATE_LIMIT_PERIOD_SECONDS, TOO_MANY_REQUESTS_MESSAGE } from "~/domain/rate-limit";
import type { WorkerEnv } from "./types";

/** The rate-limiting bindings of wrangler.toml. */
export type RateLimitBinding = {
  [Name in keyof Env]: Env[Name] extends RateLimit ? Name : never;
}[keyof Env];

export { RATE_LIMIT_PERIOD_SECONDS } from "~/domain/rate-limit";

/** The limited calls by group ("METHOD path" under /api/frontend; GET includes HEAD). */
export const RATE_LIMIT_GROUPS = {
  SIGN_IN_RATE_LIMIT: ["POST /member/login", "POST /member/oauth/exchange"],
  REGISTER_RATE_LIMIT: ["POST /member/register", "POST /member/oauth/complete"],
  RECOVERY_RATE_LIMIT: ["POST /member/recovery/code", "POST /member/recovery/reset"],
  ORDER_SEARCH_RATE_LIMIT: ["POST /order-search"],
  QUOTE_RATE_LIMIT: ["POST /cart/quote"],
  CHECKOUT_RATE_LIMIT: ["POST /cart/checkout"],
  SEARCH_RATE_LIMIT: ["GET /search", "GET /search/suggestions"],
} as const satisfies Record<RateLimitBinding, readonly string[]>;

const API_BASE = "/api/frontend";

const GROUP_OF_CALL = new Map<string, RateLimitBinding>(
  Object.entries(RATE_LIMIT_GROUPS).flatMap(([binding, calls]) =>
    calls.map((call) => [call, binding as RateLimitBinding] as const),
  ),
);

/** The group a call counts against, or null when it is not limited. */
export function rateLimitGroupOf(request: Request): RateLimitBinding | null {
  // The path as the API's router (Hono) reads it, percent-escapes decoded: an escaped path cannot slip past.
  const path = getPath(request);
  if (!path.startsWith(`${API_BASE}/`)) return null;
  const verb = request.method === "HEAD" ? "GET" : request.method;
  return GROUP_OF_CALL.get(`${verb} ${path.slice(API_BASE.length)}`) ?? null;
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

/**
 * Counts `request` against its group for `clientIp`; the 429 reply when the group's limit is reached, else null.
 * Without an address (only a caller outside Cloudflare and Miniflare has none) there is no one to count.
 */
export async function rateLimited(
  request: Request,
  env: Env,
  clientIp: string | null | undefined = request.headers.get("CF-Connecting-IP"),
): Promise<Response | null> {
  const group = rateLimitGroupOf(request);
  if (!group || !clientIp) return null;
  const { success } = await env[group].limit({ key: clientIp });
  return success ? null : tooManyRequests();
}

/** The limits on the browser's own calls to /api/frontend (the pages' calls are counted in worker/render.ts). */
export const apiRateLimits = createMiddleware<WorkerEnv>(async (c, next) => {
  const refused = await rateLimited(c.req.raw, c.env);
  if (refused) return refused;
  await next();
});
