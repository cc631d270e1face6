// Hands a request to React Router's streaming SSR with the per-request context; the handler is created once.
import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context.server";
import { withAnalytics } from "./analytics";
import { forwardToApi } from "./api-proxy";
import type { WorkerEnv } from "./types";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export async function renderPage(c: Context<WorkerEnv>): Promise<Response> {
  const config = c.get("config");
  const nonce = c.get("secureHeadersNonce") ?? "";
  const context = new RouterContextProvider();
  context.set(requestContext, {
    config: config.site,
    apiFetch: (request) => forwardToApi(request, c.env, config, c.executionCtx),
    routeRedirect: c.get("routeRedirect") ?? null,
    nonce,
    requestId: c.get("requestId"),
  });
  const response = await handleRequest(c.req.raw, context);
  return withAnalytics(response, config.site.analyticsId, nonce);
}
