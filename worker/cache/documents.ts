// Public documents from the edge cache: a public page (and its `.data` requests), asked for by a guest or a member, is
// served from the Workers Cache API under its page's policy (document-rules.ts), with the nonce of this reply stamped
// in; a miss is rendered for a guest (no cookies) and streams to the reader while a copy is stored. Everything else
// is rendered as before, and marked private unless a guest's says otherwise.
import { documentCachePlan, hasMemberToken, isStorableDocument } from "./document-rules";
import { cachedFetch, defaultCache, replyForMethod } from "./edge-cache";
import { restampNonces, withoutRenderNonce, withRenderNonce } from "./nonce-restamp";

interface DocumentOptions {
  request: Request;
  /** This reply's CSP nonce. */
  nonce: string;
  buildId: string;
  routeRedirect: string | null;
  /** Renders a request (React Router's SSR) with this reply's nonce. */
  render: (request: Request) => Promise<Response>;
  waitUntil: (promise: Promise<unknown>) => void;
  cache?: Cache;
  now?: () => number;
}

const CACHED_STATES = new Set(["HIT", "STALE", "STALE-IF-ERROR"]);

/** What a miss renders: the normalised URL, as a guest (no cookies at all), in the reader's user agent. */
function guestRequest(renderUrl: string, original: Request): Request {
  const headers = new Headers(original.headers);
  headers.delete("Cookie");
  headers.delete("Authorization");
  return new Request(renderUrl, { method: "GET", headers });
}

export async function serveDocument(options: DocumentOptions): Promise<Response> {
  const { request } = options;
  const plan = documentCachePlan(request, options);
  if (!plan) {
    // Rendered for this reader alone (a member's page; a guest's cart, checkout step or sign-in form): no shared cache
    // or browser cache keeps it. A guest's page that says how it may be kept (a resource route) keeps its word.
    const response = await options.render(request);
    if (!hasMemberToken(request) && response.headers.has("Cache-Control")) return response;
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const reply = await cachedFetch({
    cache: options.cache ?? defaultCache(),
    key: plan.key,
    policy: plan.policy,
    fetchFresh: async () => withRenderNonce(await options.render(guestRequest(plan.renderUrl, request)), options.nonce),
    streamIf: isStorableDocument,
    waitUntil: options.waitUntil,
    now: options.now,
  });
  // A miss was rendered with this reply's nonce; a stored page still has the one it was rendered with.
  const stamped = CACHED_STATES.has(reply.headers.get("X-Cache") ?? "")
    ? await restampNonces(reply, options.nonce)
    : withoutRenderNonce(reply);
  return replyForMethod(request.method, stamped);
}
