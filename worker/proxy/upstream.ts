// The call itself: the built-in API on a D1 session (null exactly when API_ORIGIN is set), else the origin over HTTP,
// within API_TIMEOUT_MS and always answering an envelope (worker/api-origin.ts). What the storefront's request
// carries for the browser (its cookies, where it came from) stays here; the token travels as `Authorization: Bearer`.
import { builtInApi } from "../api";
import { fetchOrigin } from "../api-origin";
import type { WorkerConfig } from "../config";
import type { InvoiceMessage } from "../einvoice/queue-message";
import type { OutboxMessage } from "../mail-delivery/queue-message";

/** What the built-in API needs besides the database to hand on its mail and invoices after the reply. */
export interface AfterReply {
  mailQueue: Queue<OutboxMessage> | undefined;
  einvoiceQueue: Queue<InvoiceMessage> | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
}

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
export async function callApi(
  request: Request,
  session: D1DatabaseSession | null,
  config: WorkerConfig,
  token: string | null,
  body: Uint8Array<ArrayBuffer> | null = null,
  after?: AfterReply,
): Promise<Response> {
  const url = new URL(request.url);
  if (session) {
    const env = { DB: session, config, MAIL_QUEUE: after?.mailQueue, EINVOICE_QUEUE: after?.einvoiceQueue };
    // The request's waitUntil, for what the API does after its reply (c.executionCtx).
    const ctx = after && { waitUntil: after.waitUntil, passThroughOnException: () => {}, props: {} };
    return builtInApi.fetch(upstreamRequest(request, url.href, token, body), env, ctx);
  }
  return fetchOrigin(
    upstreamRequest(request, `${config.apiOrigin}${url.pathname}${url.search}`, token, body),
    config.apiTimeoutMs,
  );
}

/** The built-in API's database session, opened with `start`; none when another backend answers. */
export function openSession(
  env: Env,
  config: WorkerConfig,
  start: () => D1SessionConstraint | D1SessionBookmark,
): D1DatabaseSession | null {
  return config.apiOrigin ? null : env.DB.withSession(start());
}
