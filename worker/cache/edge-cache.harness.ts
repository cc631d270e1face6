// A worker that wraps cachedFetch for edge-cache.test.ts, which runs it in workerd (Miniflare) so the real Cache
// API is used. Each request says the time (x-now), the policy (x-policy) and how the origin behaves (x-origin).
import { cachedFetch, defaultCache } from "./edge-cache";
import { CACHE_POLICIES } from "./policies";

let originCalls = 0;
let matchCalls = 0;
/** The default cache as seen on an earlier request: the isolate's memory of replies is kept per Cache object. */
let firstDefaultCache: Cache | undefined;
/** One cache for the whole isolate that counts its reads (x-cache: counted). */
let countedCache: Cache | undefined;

function counted(cache: Cache): Cache {
  countedCache ??= Object.assign(Object.create(cache) as Cache, {
    match: (...args: Parameters<Cache["match"]>) => {
      matchCalls++;
      return cache.match(...args);
    },
    put: cache.put.bind(cache),
  });
  return countedCache;
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/origin-calls") return Response.json({ originCalls, matchCalls });
    if (url.pathname === "/default-cache-is-kept") {
      firstDefaultCache ??= defaultCache();
      return Response.json({ same: firstDefaultCache === defaultCache() });
    }
    const mode = request.headers.get("x-origin") ?? "ok";
    const policy = CACHE_POLICIES[(request.headers.get("x-policy") ?? "short") as keyof typeof CACHE_POLICIES];
    const now = Number(request.headers.get("x-now"));
    const background: Promise<unknown>[] = [];
    const cache = defaultCache();
    const response = await cachedFetch({
      // x-put: fail makes the cache's put reject, as a full or unavailable cache would.
      cache:
        request.headers.get("x-cache") === "counted"
          ? counted(cache)
          : request.headers.get("x-put") === "fail"
            ? Object.assign(Object.create(cache) as Cache, {
                match: cache.match.bind(cache),
                put: () => Promise.reject(new Error("cache put failed")),
              })
            : cache,
      key: `https://edge-cache.test${url.pathname}`,
      policy,
      now: () => now,
      waitUntil: (promise) => background.push(promise),
      fetchFresh: async () => {
        originCalls++;
        if (mode === "slow") await new Promise((resolve) => setTimeout(resolve, 200));
        if (mode === "down") throw new Error("origin unreachable");
        if (mode === "500") return Response.json({ code: 5, message: "系統忙碌中" }, { status: 500 });
        if (mode === "code4") return Response.json({ code: 4, message: "找不到" }, { status: 404 });
        return Response.json({ code: 1, message: "成功", data: { version: originCalls } });
      },
    });
    // The test observes what a background revalidation stored, so wait for it here (the reply is unchanged).
    await Promise.all(background);
    return response;
  },
};
