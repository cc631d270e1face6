// The one way into /api/frontend, for the browser's own calls (worker/index.ts) and for the pages' loaders and actions
// (worker/render.ts) alike: the calling reader's rate limits (worker/rate-limits.ts), then the proxy to the API
// (worker/api-proxy.ts). A page's calls count against the reader's address, as the browser's do.
import type { Context } from "hono";
import { forwardToApi } from "./api-proxy";
import { rateLimited } from "./rate-limits";
import type { WorkerEnv } from "./types";

/** Calls the API with `request` on behalf of the reader of `c` (the browser's API call, or the page being rendered). */
export async function callApiFor(
  c: Context<WorkerEnv>,
  request: Request,
  forward: typeof forwardToApi = forwardToApi,
): Promise<Response> {
  const refused = await rateLimited(request, c.env, c.req.header("CF-Connecting-IP"));
  if (refused) return refused;
  return forward(request, c.env, c.get("config"), {
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    requestId: c.get("requestId"),
  });
}
