// /api/frontend/*: to API_ORIGIN when it is set, else to the built-in API on D1 in-process — the same either way.
// Catalogue GETs are cached at the edge under named policies (worker/cache); nothing else ever is.
// The member token lives in an HttpOnly cookie: the proxy turns it into `Authorization: Bearer`, sets it when a
// session starts (removing the token from the body, so scripts never see it), and clears it on code 3 or logout.
// The readable session marker (the session's key, never the token) is set and cleared with it, always.
// The built-in API reads D1 through a session chosen per request (worker/d1-session.ts); a member's replies and
// every write hand back the session's bookmark in a cookie of its own, cleared with the token.
//
// Each step is one concern in worker/proxy/; this function only puts them in order.

import { getPath } from "hono/utils/url";
import { cacheControlFor } from "./cache/policies";
import type { WorkerConfig } from "./config";
import { endpointOf } from "./endpoints/endpoint-of-request";
import { cachedRead, cachePolicyOf } from "./proxy/cached-read";
import { clearBookmark, openRequestSession, passBookmark } from "./proxy/d1-bookmark";
import { readRequestBody } from "./proxy/request-body";
import { withRequestId } from "./proxy/request-id";
import { endSession, startSession, tokenOf } from "./proxy/session-cookies";
import { readSessionReply } from "./proxy/session-reply";
import { callApi } from "./proxy/upstream";

interface ProxyContext {
  waitUntil: (promise: Promise<unknown>) => void;
  /** The worker's id of this request (worker/middleware/request-id.ts), handed on so the API's log lines carry it. */
  requestId?: string;
}

export async function forwardToApi(
  request: Request,
  env: Env,
  config: WorkerConfig,
  ctx: ProxyContext,
): Promise<Response> {
  const url = new URL(request.url);
  // The path as the API's router reads it (percent-escapes decoded): /member/%6Cogin is the login, and
  // /products/%31%32 the product 12, for the cache and the session rules alike.
  const path = getPath(request);
  // 1. The operation and its policy (worker/endpoints/endpoint-policies.ts); null for a call the contract does not have.
  const endpoint = endpointOf(request.method, path);
  // 2. A public catalogue read: from the edge cache.
  const policy = cachePolicyOf(request, path, config);
  if (policy.name !== "none") {
    return cachedRead({ request, path, endpoint, policy, env, config, waitUntil: (p) => ctx.waitUntil(p) });
  }
  // 3. The body, within the operation's limit.
  const body = await readRequestBody(request, endpoint);
  if (body instanceof Response) return body;
  // 4. The member's token from its cookie, and the D1 session at the member's bookmark.
  const token = tokenOf(request);
  const asked = { method: request.method, member: token !== null };
  const db = openRequestSession(request, env, config, asked);
  // 5. The call, with the request id.
  const reply = await callApi(withRequestId(request, ctx.requestId), db, config, token, body, {
    mailQueue: env.MAIL_QUEUE,
    einvoiceQueue: env.EINVOICE_QUEUE,
    waitUntil: (p) => ctx.waitUntil(p),
  });
  // 6. What the reply does to the session (the token taken out of the body).
  // A HEAD is never the logout: the API refuses it there (405), and the member stays signed in.
  const operationSession = request.method === "HEAD" ? undefined : endpoint?.policy.session;
  const session = await readSessionReply(reply, operationSession, asked.member);
  // 7. The reply's headers (a fetched reply's are immutable; the worker's middleware still adds its own), with the
  // cookies: the session cleared with its bookmark, or the bookmark handed on; the new session's token and marker.
  const headers = new Headers(reply.headers);
  headers.set("Cache-Control", cacheControlFor(policy));
  if (session.ends) {
    endSession(headers, url);
    clearBookmark(headers, url, db);
  } else {
    passBookmark(headers, url, db, asked);
  }
  if (session.started) {
    startSession(headers, url, session.started);
    headers.delete("Content-Length");
  }
  return new Response(session.body, { status: reply.status, statusText: reply.statusText, headers });
}
