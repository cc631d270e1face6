// Hands a request to React Router's streaming SSR with the per-request context; the handler is created once.
// Public pages come from the edge cache when they can, for guests and members alike (worker/cache/documents.ts).
import type { Context } from "hono";
import { RouterContextProvider } from "react-router";
import { setCookieName } from "~/http/cookies";
import { requestContext } from "~/http/request-context.server";
import { withAnalytics } from "./analytics";
import { callApiFor } from "./api-call";
import { serveDocument } from "./cache/documents";
import { lastBookmarkCookie } from "./d1-session";
import { pageHandler } from "./page-handler";
import { sharedReads } from "./request-reads";
import { withScriptsAfterFirstPaint } from "./scripts-after-first-paint";
import { withSessionMarker } from "./session-marker";
import { withStatusHeaders } from "./status-headers";
import type { WorkerEnv } from "./types";

const handleRequest = pageHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
  import.meta.env.DEV,
);

export async function renderPage(c: Context<WorkerEnv>): Promise<Response> {
  const config = c.get("config");
  const nonce = c.get("secureHeadersNonce") ?? "";
  const routeRedirect = c.get("routeRedirect") ?? null;
  const render = async (request: Request) => {
    const setCookies: string[] = [];
    const context = new RouterContextProvider();
    context.set(requestContext, {
      config: config.site,
      // Two loaders asking the same GET (the member layout's profile and the profile page's) make one call.
      apiFetch: sharedReads(async (apiRequest) => {
        const reply = await callApiFor(c, apiRequest);
        setCookies.push(...reply.headers.getSetCookie());
        return reply;
      }),
      routeRedirect,
      nonce,
      requestId: c.get("requestId"),
    });
    const response = withScriptsAfterFirstPaint(withStatusHeaders(await handleRequest(request, context)), nonce);
    // A member's loaders and actions read and write through D1 sessions: the page hands on the newest bookmark,
    // so the next request reads at least as new (worker/d1-session.ts). Guests' catalogue reads never make one.
    const bookmark = lastBookmarkCookie(setCookies, new URL(request.url));
    if (
      !bookmark ||
      response.headers.getSetCookie().some((value) => setCookieName(value) === setCookieName(bookmark))
    ) {
      return response;
    }
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", bookmark);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const response = await serveDocument({
    request: c.req.raw,
    nonce,
    buildId: config.site.buildId,
    routeRedirect,
    render,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  // After the edge cache: a stored page never carries a reader's cookie.
  return withAnalytics(await withSessionMarker(c.req.raw, response), config.site.analyticsId, nonce);
}
