// Hands a request to React Router's streaming SSR with the per-request context; the handler is created once.
// Guests' public pages come from the edge cache when they can (worker/cache/documents.ts).
import type { Context } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context.server";
import { withAnalytics } from "./analytics";
import { forwardToApi } from "./api-proxy";
import { serveDocument } from "./cache/documents";
import type { WorkerEnv } from "./types";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export async function renderPage(c: Context<WorkerEnv>): Promise<Response> {
  const config = c.get("config");
  const nonce = c.get("secureHeadersNonce") ?? "";
  const routeRedirect = c.get("routeRedirect") ?? null;
  const render = (request: Request) => {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      config: config.site,
      apiFetch: (apiRequest) => forwardToApi(apiRequest, c.env, config, c.executionCtx),
      routeRedirect,
      nonce,
      requestId: c.get("requestId"),
    });
    return handleRequest(request, context);
  };
  const response = await serveDocument({
    request: c.req.raw,
    nonce,
    buildId: config.site.buildId,
    routeRedirect,
    render,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  return withAnalytics(response, config.site.analyticsId, nonce);
}
