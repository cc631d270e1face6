// Stale-while-revalidate and stale-if-error on the Workers Cache API, which implements neither itself:
// each stored reply carries the time it was stored, and staleness is decided here (as Hydrogen does).
import { API_CODE } from "~/domain/api-codes";
import { parseEnvelope } from "~/domain/envelope";
import type { CachePolicy } from "./policies";

const STORED_AT_HEADER = "X-Edge-Stored-At";
type CacheStatus = "HIT" | "MISS" | "STALE" | "STALE-IF-ERROR" | "BYPASS";

interface CachedFetchOptions {
  cache: Cache;
  /** The cache key: a URL that names the reply (no personal data may vary under it). */
  key: string;
  policy: CachePolicy;
  /** Fetches a fresh reply from the origin. */
  fetchFresh: () => Promise<Response>;
  /** Keeps a background revalidation alive after the reply has been sent. */
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => number;
}

interface Fresh {
  response: Response;
  /** The body, when the reply may be stored: HTTP 200 with an envelope of code 1. */
  storable: string | null;
}

async function readFresh(fetchFresh: () => Promise<Response>): Promise<Fresh> {
  const response = await fetchFresh();
  if (response.status !== 200 || !(response.headers.get("Content-Type") ?? "").includes("json")) {
    return { response, storable: null };
  }
  const text = await response.text();
  return { response: new Response(text, response), storable: parseEnvelope(text)?.code === API_CODE.ok ? text : null };
}

function isOriginFailure(response: Response) {
  return response.status >= 500;
}

async function store(options: CachedFetchOptions, body: string, source: Response) {
  const { policy } = options;
  const keepSeconds = policy.maxAgeSeconds + Math.max(policy.staleWhileRevalidateSeconds, policy.staleIfErrorSeconds);
  const headers = new Headers(source.headers);
  headers.set(STORED_AT_HEADER, String((options.now ?? Date.now)()));
  // How long the Cache API keeps the entry; freshness itself is decided from the stored time.
  headers.set("Cache-Control", `public, max-age=${keepSeconds}`);
  headers.delete("Set-Cookie");
  await options.cache.put(options.key, new Response(body, { status: 200, headers }));
}

function served(response: Response, status: CacheStatus, ageSeconds?: number): Response {
  const headers = new Headers(response.headers);
  headers.delete(STORED_AT_HEADER);
  headers.set("X-Cache", status);
  if (ageSeconds !== undefined) headers.set("Age", String(Math.max(0, Math.floor(ageSeconds))));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function fetchAndStore(options: CachedFetchOptions): Promise<Fresh> {
  const fresh = await readFresh(options.fetchFresh);
  if (fresh.storable !== null) await store(options, fresh.storable, fresh.response);
  return fresh;
}

export async function cachedFetch(options: CachedFetchOptions): Promise<Response> {
  const { cache, key, policy } = options;
  if (policy.name === "none") return served(await options.fetchFresh(), "BYPASS");

  const now = (options.now ?? Date.now)();
  const stored = await cache.match(key);
  const ageSeconds = stored ? (now - Number(stored.headers.get(STORED_AT_HEADER) ?? 0)) / 1000 : Infinity;

  if (stored && ageSeconds < policy.maxAgeSeconds) return served(stored, "HIT", ageSeconds);

  if (stored && ageSeconds < policy.maxAgeSeconds + policy.staleWhileRevalidateSeconds) {
    options.waitUntil(
      fetchAndStore(options).catch((error: unknown) => {
        console.warn(JSON.stringify({ level: "warn", where: "edge-cache", key, message: String(error) }));
      }),
    );
    return served(stored, "STALE", ageSeconds);
  }

  const canServeStaleOnError = stored && ageSeconds < policy.maxAgeSeconds + policy.staleIfErrorSeconds;
  try {
    const fresh = await fetchAndStore(options);
    if (canServeStaleOnError && isOriginFailure(fresh.response)) return served(stored, "STALE-IF-ERROR", ageSeconds);
    return served(fresh.response, "MISS");
  } catch (error) {
    if (canServeStaleOnError) return served(stored, "STALE-IF-ERROR", ageSeconds);
    throw error;
  }
}

/** The worker's default cache (typed here: the DOM lib's CacheStorage, also in scope, has no `default`). */
export function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}
