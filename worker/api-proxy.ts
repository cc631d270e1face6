// /api/frontend/*: to API_ORIGIN when it is set, else to the built-in API on D1 in-process — the same either way.
// Catalogue GETs are cached at the edge under named policies (worker/cache); nothing else ever is.
// The member token lives in an HttpOnly cookie: the proxy turns it into `Authorization: Bearer`, sets it when a
// session starts (removing the token from the body, so scripts never see it), and clears it on code 3 or logout.
// The readable session marker (the session's key, never the token) is set and cleared with it, always.
// The built-in API reads D1 through a session chosen per request (worker/d1-session.ts); a member's replies and
// every write hand back the session's bookmark in a cookie of its own, cleared with the token.

import { getPath } from "hono/utils/url";
import { withoutLeadingZeros } from "~/domain/route-rules";
import { sessionKeyOf } from "~/features/session/session-key";
import { API_CODE } from "~/http/api-codes";
import {
  clearedSessionCookies,
  readSiteCookie,
  serializeCookie,
  sessionCookies,
  TOKEN_COOKIE,
  TOKEN_MAX_AGE_SECONDS,
} from "~/http/cookies";
import { parseEnvelope } from "~/http/envelope";
import { builtInApi } from "./api";
import { fetchOrigin } from "./api-origin";
import { API_BODY_LIMIT_BYTES, readLimitedBody, tooLarge } from "./body-limit";
import { normalApiQuery } from "./cache/api-query-rules";
import { cachedFetch, defaultCache, replyForMethod } from "./cache/edge-cache";
import { CACHE_POLICIES, cacheControlFor, policyForApiRequest } from "./cache/policies";
import type { WorkerConfig } from "./config";
import { BOOKMARK_COOKIE, CATALOGUE_READS, passesBookmarkOn, sessionStart } from "./d1-session";
import { endpointOf } from "./endpoints/endpoint-of-request";

const BROWSER_ORIGIN_HEADERS = [
  "Origin",
  "Referer",
  "Sec-Fetch-Site",
  "Sec-Fetch-Mode",
  "Sec-Fetch-Dest",
  "Sec-Fetch-User",
];

function upstreamRequest(
  request: Request,
  target: string,
  token: string | null,
  body: Uint8Array<ArrayBuffer> | null,
): Request {
  const headers = new Headers(request.headers);
  // Other cookies of the storefront are none of the API's business.
  headers.delete("Cookie");
  // The worker checked where the request came from (worker/middleware/same-origin.ts); the API is called by this
  // server, not by the reader's page, so another deployment of the API behind API_ORIGIN does not refuse it as
  // another site's write.
  for (const name of BROWSER_ORIGIN_HEADERS) headers.delete(name);
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);
  return new Request(target, {
    method: request.method,
    headers,
    body: body && body.byteLength > 0 ? body : null,
    redirect: "manual",
  });
}

/**
 * Calls the API: the built-in one on `session` (null exactly when API_ORIGIN is set), else the origin over HTTP,
 * within API_TIMEOUT_MS and always answering an envelope (worker/api-origin.ts).
 */
async function callApi(
  request: Request,
  session: D1DatabaseSession | null,
  config: WorkerConfig,
  token: string | null,
  body: Uint8Array<ArrayBuffer> | null = null,
): Promise<Response> {
  const url = new URL(request.url);
  if (session) {
    return builtInApi.fetch(upstreamRequest(request, url.href, token, body), { DB: session, config });
  }
  return fetchOrigin(
    upstreamRequest(request, `${config.apiOrigin}${url.pathname}${url.search}`, token, body),
    config.apiTimeoutMs,
  );
}

/** The built-in API's database session, opened with `start`; none when another backend answers. */
function openSession(
  env: Env,
  config: WorkerConfig,
  start: () => D1SessionConstraint | D1SessionBookmark,
): D1DatabaseSession | null {
  return config.apiOrigin ? null : env.DB.withSession(start());
}

/** The key of a cached catalogue call: the API, the path with its ids written once (no leading zeros) and the query
 * the endpoint defines, normalised (worker/cache/api-query-rules.ts). */
function cacheKey(path: string, normalQuery: string, config: WorkerConfig): string {
  const origin = encodeURIComponent(config.apiOrigin || "built-in");
  return `https://api-cache.internal/${origin}${withoutLeadingZeros(path)}${normalQuery}`;
}

/** The `data` of a reply that starts a session: an object with the member token. */
function sessionData(data: unknown): { token: string; [field: string]: unknown } | null {
  if (typeof data !== "object" || data === null) return null;
  const token = (data as { token?: unknown }).token;
  return typeof token === "string" ? { ...data, token } : null;
}

interface ProxyContext {
  waitUntil: (promise: Promise<unknown>) => void;
  /** The worker's id of this request (worker/middleware/request-id.ts), handed on so the API's log lines carry it. */
  requestId?: string;
}

/** The request's method, URL and headers with `X-Request-Id` set; its body travels apart (already read). */
function withRequestId(request: Request, requestId: string | undefined): Request {
  if (!requestId || request.headers.get("X-Request-Id") === requestId) return request;
  const headers = new Headers(request.headers);
  headers.set("X-Request-Id", requestId);
  return new Request(request.url, { method: request.method, headers });
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
  // The operation and its policy (worker/endpoints/endpoint-policies.ts); null for a call the contract does not have.
  const endpoint = endpointOf(request.method, path);
  const policy = config.devApiCacheBypass ? CACHE_POLICIES.none : policyForApiRequest(request.method, path);
  if (policy.name !== "none") {
    // Public catalogue data: fetched without any credentials, so nothing personal can be stored or shared; asked
    // with the query the key names, so the stored reply is the same whoever asked first.
    const query = normalApiQuery(url, endpoint?.policy.query);
    const normalUrl = `${url.origin}${withoutLeadingZeros(path)}${query}`;
    const request_ = new Request(normalUrl, { method: "GET", headers: { Accept: "application/json" } });
    const reply = await cachedFetch({
      cache: defaultCache(),
      key: cacheKey(path, query, config),
      policy,
      fetchFresh: () =>
        callApi(
          request_,
          openSession(env, config, () => CATALOGUE_READS),
          config,
          null,
        ),
      waitUntil: (promise) => ctx.waitUntil(promise),
    });
    const headers = new Headers(reply.headers);
    headers.set("Cache-Control", reply.status === 200 ? cacheControlFor(policy) : "no-store");
    return replyForMethod(
      request.method,
      new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers }),
    );
  }
  const token = readSiteCookie(url, request.headers.get("Cookie"), TOKEN_COOKIE);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const bodyLimit = endpoint?.policy.bodyLimitBytes ?? API_BODY_LIMIT_BYTES;
  const requestBody = hasBody ? await readLimitedBody(request, bodyLimit) : null;
  if (hasBody && requestBody === null) return tooLarge(bodyLimit);
  const hadToken = token !== null;
  const asked = { method: request.method, member: hadToken };
  const db = openSession(env, config, () =>
    sessionStart({ ...asked, bookmark: readSiteCookie(url, request.headers.get("Cookie"), BOOKMARK_COOKIE) }),
  );
  const reply = await callApi(withRequestId(request, ctx.requestId), db, config, token, requestBody);
  const startsSession = endpoint?.policy.session === "starts";
  // Only the logout operation (GET; a HEAD runs the same handler) ends the session here: another method to that path
  // is not the operation (the API answers 405) and must leave the member signed in. The cookie goes whatever the API
  // answers to a logout: a reader who asks to sign out is signed out in this browser even if the API is down.
  const endsSession = endpoint?.policy.session === "ends";
  const isJson = (reply.headers.get("Content-Type") ?? "").includes("json");
  // A fetched reply's headers are immutable; the worker's middleware still has to add its own.
  const headers = new Headers(reply.headers);
  headers.set("Cache-Control", cacheControlFor(policy));
  const clear = () => {
    for (const cookie of clearedSessionCookies(url)) headers.append("Set-Cookie", cookie);
    if (db) headers.append("Set-Cookie", serializeCookie(url, BOOKMARK_COOKIE, "", 0));
  };
  // The bookmark after this request's reads and writes, for the member's next request to read at least as new.
  const passBookmark = () => {
    const bookmark = db && passesBookmarkOn(asked) ? db.getBookmark() : null;
    if (bookmark) headers.append("Set-Cookie", serializeCookie(url, BOOKMARK_COOKIE, bookmark, TOKEN_MAX_AGE_SECONDS));
  };

  // Only replies that can change the session are read; catalogue replies stream through untouched.
  if (!isJson || !(hadToken || startsSession || endsSession)) {
    if (endsSession) clear();
    else passBookmark();
    return new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers });
  }
  const text = await reply.text();
  // Text that is not an envelope passes on as it came.
  const envelope = parseEnvelope(text);
  let body = text;
  if (envelope?.code === API_CODE.unauthenticated || endsSession) clear();
  else passBookmark();
  const session = envelope?.code === API_CODE.ok ? sessionData(envelope.data) : null;
  const sessionKey = startsSession ? await sessionKeyOf(session?.token ?? null) : null;
  if (envelope && session && sessionKey) {
    for (const cookie of sessionCookies(url, session.token, sessionKey)) headers.append("Set-Cookie", cookie);
    const { token: _hidden, ...rest } = session;
    body = JSON.stringify({ ...envelope, data: rest });
    headers.delete("Content-Length");
  }
  return new Response(body, { status: reply.status, statusText: reply.statusText, headers });
}
