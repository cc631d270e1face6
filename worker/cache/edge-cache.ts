// Stale-while-revalidate and stale-if-error on the Workers Cache API, which implements neither itself:
// each stored reply carries the time it was stored, and staleness is decided here (as Hydrogen does).
// Used for catalogue API replies (read whole, stored when the envelope says code 1) and for guests' documents
// (streamed to the reader while a copy is stored in the background; see documents.ts). A fresh entry read once is
// kept in the isolate's memory for the rest of its fresh window (recent-replies.ts), so a popular page or reply skips
// the Cache API's round trip; staleness, revalidation and stale-if-error are decided on the Cache API's entry alone.
import { API_CODE } from "~/http/api-codes";
import { parseEnvelope } from "~/http/envelope";
import { log } from "~/lib/log.server";
import type { CachePolicy } from "./policies";
import { recentRepliesOf } from "./recent-replies";

const STORED_AT_HEADER = "X-Edge-Stored-At";
/** The reply's own Cache-Control, kept aside while the stored copy carries the Cache API's lifetime. */
const ORIGIN_CACHE_CONTROL_HEADER = "X-Edge-Origin-Cache-Control";
type CacheStatus = "HIT" | "MISS" | "STALE" | "STALE-IF-ERROR" | "BYPASS";

interface CachedFetchOptions {
  cache: Cache;
  /** The cache key: a URL that names the reply (no personal data may vary under it). */
  key: string;
  policy: CachePolicy;
  /** Fetches a fresh reply from the origin. */
  fetchFresh: () => Promise<Response>;
  /** Keeps a background revalidation (or a streamed reply's storing) alive after the reply has been sent. */
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * When set, a fresh reply it accepts streams to the reader while a copy of the body is stored in the background;
   * without it, the reply is read whole and stored when it is HTTP 200 with an envelope of code 1.
   */
  streamIf?: (response: Response) => boolean;
  now?: () => number;
}

interface Fresh {
  response: Response;
  /** Settles when the copy is stored (or storing failed, which is logged); null when nothing is stored. */
  stored: Promise<void> | null;
}

function warn(key: string, what: string, error: unknown) {
  log.warn("edge-cache", { what, key, message: String(error) });
}

function isOriginFailure(response: Response) {
  return response.status >= 500;
}

/** Stores a copy; a failing put is logged and never fails the reply it was made from. */
async function store(options: CachedFetchOptions, body: BodyInit, source: Response): Promise<void> {
  const { policy } = options;
  const keepSeconds = policy.maxAgeSeconds + Math.max(policy.staleWhileRevalidateSeconds, policy.staleIfErrorSeconds);
  const headers = new Headers(source.headers);
  headers.set(STORED_AT_HEADER, String((options.now ?? Date.now)()));
  const own = source.headers.get("Cache-Control");
  if (own !== null) headers.set(ORIGIN_CACHE_CONTROL_HEADER, own);
  // How long the Cache API keeps the entry; freshness itself is decided from the stored time.
  headers.set("Cache-Control", `public, max-age=${keepSeconds}`);
  headers.delete("Set-Cookie");
  headers.delete("Content-Length");
  try {
    await options.cache.put(options.key, new Response(body, { status: 200, headers }));
  } catch (error) {
    warn(options.key, "put", error);
  }
}

/**
 * A fresh reply, and its copy on the way into the cache. `forReader` says someone reads the reply: a streamed
 * reply is then split in two and stored in the background; otherwise (a revalidation) the body goes straight in.
 */
async function fetchAndStore(options: CachedFetchOptions, forReader: boolean): Promise<Fresh> {
  const response = await options.fetchFresh();
  if (options.streamIf) {
    if (!options.streamIf(response) || !response.body) return { response, stored: null };
    if (!forReader) return { response, stored: store(options, response.body, response) };
    const [toReader, toCache] = response.body.tee();
    const stored = store(options, toCache, response);
    options.waitUntil(stored);
    return { response: new Response(toReader, response), stored };
  }
  if (response.status !== 200 || !(response.headers.get("Content-Type") ?? "").includes("json")) {
    return { response, stored: null };
  }
  const text = await response.text();
  const fresh = new Response(text, response);
  if (parseEnvelope(text)?.code !== API_CODE.ok) return { response: fresh, stored: null };
  const stored = store(options, text, fresh);
  await stored;
  return { response: fresh, stored };
}

function served(response: Response, status: CacheStatus, ageSeconds?: number): Response {
  const headers = new Headers(response.headers);
  if (headers.has(STORED_AT_HEADER)) {
    headers.delete(STORED_AT_HEADER);
    const own = headers.get(ORIGIN_CACHE_CONTROL_HEADER);
    headers.delete(ORIGIN_CACHE_CONTROL_HEADER);
    if (own === null) headers.delete("Cache-Control");
    else headers.set("Cache-Control", own);
  }
  headers.set("X-Cache", status);
  if (ageSeconds !== undefined) headers.set("Age", String(Math.max(0, Math.floor(ageSeconds))));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Background revalidations in flight in this isolate, by key: one at a time per key. */
const revalidations = new Map<string, Promise<void>>();

function revalidate(options: CachedFetchOptions) {
  const { key } = options;
  if (revalidations.has(key)) return;
  const running = fetchAndStore(options, false)
    .then(async (fresh) => {
      await fresh.stored;
      // Nobody reads a revalidation's reply: release a body that was not stored.
      if (fresh.stored === null) await fresh.response.body?.cancel();
    })
    .catch((error: unknown) => warn(key, "revalidate", error))
    .finally(() => revalidations.delete(key));
  revalidations.set(key, running);
  options.waitUntil(running);
}

export async function cachedFetch(options: CachedFetchOptions): Promise<Response> {
  const { cache, key, policy } = options;
  if (policy.name === "none") return served(await options.fetchFresh(), "BYPASS");

  const now = (options.now ?? Date.now)();
  const memory = recentRepliesOf(cache);
  const remembered = memory.fresh(key, now, policy.maxAgeSeconds);
  if (remembered) return served(remembered.response, "HIT", remembered.ageSeconds);

  const stored = await cache.match(key).catch((error: unknown) => {
    // A cache that cannot be read is treated as empty: the reply comes from the origin.
    warn(key, "match", error);
    return undefined;
  });
  const storedAt = Number(stored?.headers.get(STORED_AT_HEADER) ?? 0);
  const ageSeconds = stored ? (now - storedAt) / 1000 : Infinity;

  if (stored && ageSeconds < policy.maxAgeSeconds) {
    return served(await memory.remember(key, stored, storedAt), "HIT", ageSeconds);
  }

  if (stored && ageSeconds < policy.maxAgeSeconds + policy.staleWhileRevalidateSeconds) {
    revalidate(options);
    return served(stored, "STALE", ageSeconds);
  }

  const canServeStaleOnError = stored && ageSeconds < policy.maxAgeSeconds + policy.staleIfErrorSeconds;
  try {
    const fresh = await fetchAndStore(options, true);
    if (canServeStaleOnError && isOriginFailure(fresh.response)) {
      await fresh.response.body?.cancel();
      return served(stored, "STALE-IF-ERROR", ageSeconds);
    }
    return served(fresh.response, "MISS");
  } catch (error) {
    if (canServeStaleOnError) return served(stored, "STALE-IF-ERROR", ageSeconds);
    throw error;
  }
}

/**
 * The reply as a HEAD gets it: the same status and headers (X-Cache included), no body. A HEAD is served from the
 * GET's entry, and a miss fetches and stores as a GET would (a streamed copy keeps going into the cache), so HEAD
 * cannot be used to drive uncached work at the origin.
 */
export function replyForMethod(method: string, response: Response): Response {
  if (method !== "HEAD" || response.body === null) return response;
  response.body.cancel().catch(() => {});
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The worker's default cache (typed here: the DOM lib's CacheStorage, also in scope, has no `default`). */
export function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}
