// Public catalogue reads, answered from the edge cache under their operation's named policy (worker/cache). They are
// fetched without any credentials, so nothing personal can be stored or shared, and asked with the query the key
// names, so the stored reply is the same whoever asked first. Every other call has the policy `none` and is never
// stored.
import { withoutLeadingZeros } from "~/domain/route-rules";
import { normalApiQuery } from "../cache/api-query-rules";
import { cachedFetch, defaultCache, replyForMethod } from "../cache/edge-cache";
import { CACHE_POLICIES, type CachePolicy, cacheControlFor, policyForApiRequest } from "../cache/policies";
import type { WorkerConfig } from "../config";
import { CATALOGUE_READS } from "../d1-session";
import type { Endpoint } from "../endpoints/endpoint-of-request";
import { callApi, openSession } from "./upstream";

/** The edge-cache policy of a call on `path`: its operation's, or `none` while DEV_API_CACHE_BYPASS is on. */
export function cachePolicyOf(request: Request, path: string, config: WorkerConfig): CachePolicy {
  return config.devApiCacheBypass ? CACHE_POLICIES.none : policyForApiRequest(request.method, path);
}

/** The key of a cached catalogue call: the API, the path with its ids written once (no leading zeros) and the query
 * the endpoint defines, normalised (worker/cache/api-query-rules.ts). */
function cacheKey(path: string, normalQuery: string, config: WorkerConfig): string {
  const origin = encodeURIComponent(config.apiOrigin || "built-in");
  return `https://api-cache.internal/${origin}${withoutLeadingZeros(path)}${normalQuery}`;
}

export interface CachedRead {
  request: Request;
  /** The path as the API's router reads it (percent-escapes decoded). */
  path: string;
  endpoint: Endpoint | null;
  policy: CachePolicy;
  env: Env;
  config: WorkerConfig;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The reply to a cached catalogue read (a HEAD gets it without the body), with the policy's Cache-Control on a 200. */
export async function cachedRead({ request, path, endpoint, policy, env, config, waitUntil }: CachedRead) {
  const url = new URL(request.url);
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
    waitUntil,
  });
  const headers = new Headers(reply.headers);
  headers.set("Cache-Control", reply.status === 200 ? cacheControlFor(policy) : "no-store");
  return replyForMethod(
    request.method,
    new Response(reply.body, { status: reply.status, statusText: reply.statusText, headers }),
  );
}
