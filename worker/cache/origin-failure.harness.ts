// A worker for origin-failure.test.ts, run in workerd (Miniflare): the edge cache in front of fetchOrigin, the proxy's
// call to API_ORIGIN, so stale-if-error is seen against real origin failures, a timeout included. Each request says
// the time (x-now), the origin (x-origin-url) and the timeout (x-timeout-ms).
import { fetchOrigin } from "../api-origin";
import { cachedFetch, defaultCache } from "./edge-cache";
import { CACHE_POLICIES } from "./policies";

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const origin = request.headers.get("x-origin-url") ?? "";
    const now = Number(request.headers.get("x-now"));
    const background: Promise<unknown>[] = [];
    const response = await cachedFetch({
      cache: defaultCache(),
      key: `https://origin-failure.test${url.pathname}`,
      policy: CACHE_POLICIES.short,
      now: () => now,
      waitUntil: (promise) => background.push(promise),
      fetchFresh: () =>
        fetchOrigin(new Request(`${origin}/api/frontend${url.pathname}`), Number(request.headers.get("x-timeout-ms"))),
    });
    await Promise.all(background);
    return response;
  },
};
