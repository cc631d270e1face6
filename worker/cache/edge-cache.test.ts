// Runs the edge cache inside workerd through Miniflare: the real Cache API, with time and origin failures
// chosen per request by the harness worker (edge-cache.harness.ts).
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./miniflare-harness";
import { CACHE_POLICIES } from "./policies";

let mf: Miniflare;
const T0 = 1_800_000_000_000;
const short = CACHE_POLICIES.short;

beforeAll(async () => {
  mf = await startHarness(new URL("./edge-cache.harness.ts", import.meta.url), "edge-cache-harness");
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

let pathCounter = 0;
const uniquePath = () => `/item/${++pathCounter}`;

async function get(path: string, at: number, origin = "ok", policy = "short", put = "ok", cache = "default") {
  const res = await mf.dispatchFetch(`http://harness${path}`, {
    headers: { "x-now": String(at), "x-origin": origin, "x-policy": policy, "x-put": put, "x-cache": cache },
  });
  const text = await res.text();
  return { status: res.status, cache: res.headers.get("X-Cache"), body: text ? JSON.parse(text) : null };
}

async function calls(): Promise<{ originCalls: number; matchCalls: number }> {
  return (await (await mf.dispatchFetch("http://harness/origin-calls")).json()) as {
    originCalls: number;
    matchCalls: number;
  };
}

async function originCalls(): Promise<number> {
  return (await calls()).originCalls;
}

describe("edge cache on the Workers Cache API", () => {
  it("misses once, then hits without calling the origin", async () => {
    const path = uniquePath();
    const before = await originCalls();
    const first = await get(path, T0);
    const second = await get(path, T0 + 30_000);
    expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
    expect(second.body).toEqual(first.body);
    expect((await originCalls()) - before).toBe(1);
  });

  it("serves stale while revalidating, then the revalidated reply", async () => {
    const path = uniquePath();
    const first = await get(path, T0);
    const staleAt = T0 + (short.maxAgeSeconds + 5) * 1000;
    const stale = await get(path, staleAt);
    expect(stale.cache).toBe("STALE");
    expect(stale.body).toEqual(first.body);
    const after = await get(path, staleAt + 1_000);
    expect(after.cache).toBe("HIT");
    expect(after.body.data.version).toBeGreaterThan(first.body.data.version);
  });

  it("keeps serving stale inside the revalidation window when the revalidation fails", async () => {
    const path = uniquePath();
    const first = await get(path, T0);
    const stale = await get(path, T0 + (short.maxAgeSeconds + 5) * 1000, "down");
    expect(stale.cache).toBe("STALE");
    expect(stale.body).toEqual(first.body);
  });

  it("serves stale when the origin fails past the revalidation window", async () => {
    const path = uniquePath();
    const first = await get(path, T0);
    const late = T0 + (short.maxAgeSeconds + short.staleWhileRevalidateSeconds + 60) * 1000;
    for (const failure of ["down", "500"]) {
      const res = await get(path, late, failure);
      expect(res.cache, failure).toBe("STALE-IF-ERROR");
      expect(res.body).toEqual(first.body);
    }
  });

  it("gives up on stale data after the stale-if-error window", async () => {
    const path = uniquePath();
    await get(path, T0);
    const tooLate = T0 + (short.maxAgeSeconds + short.staleIfErrorSeconds + 60) * 1000;
    const res = await get(path, tooLate, "500");
    expect(res.status).toBe(500);
    expect(res.cache).toBe("MISS");
  });

  it("never stores error replies", async () => {
    const path = uniquePath();
    const before = await originCalls();
    expect((await get(path, T0, "code4")).cache).toBe("MISS");
    expect((await get(path, T0 + 1_000, "code4")).cache).toBe("MISS");
    expect((await originCalls()) - before).toBe(2);
  });

  it("never stores under the none policy", async () => {
    const path = uniquePath();
    const before = await originCalls();
    expect((await get(path, T0, "ok", "none")).cache).toBe("BYPASS");
    expect((await get(path, T0 + 1_000, "ok", "none")).cache).toBe("BYPASS");
    expect((await originCalls()) - before).toBe(2);
  });

  it("still replies when the cache's put fails", async () => {
    const path = uniquePath();
    const miss = await get(path, T0, "ok", "short", "fail");
    expect(miss.status).toBe(200);
    expect(miss.cache).toBe("MISS");
    expect(miss.body.code).toBe(1);
    expect((await get(path, T0 + 1_000)).cache).toBe("MISS");
  });

  it("runs one revalidation per key at a time", async () => {
    const path = uniquePath();
    await get(path, T0);
    const before = await originCalls();
    const staleAt = T0 + (short.maxAgeSeconds + 5) * 1000;
    const replies = await Promise.all([1, 2, 3].map(() => get(path, staleAt, "slow")));
    expect(replies.map((r) => r.cache)).toEqual(["STALE", "STALE", "STALE"]);
    expect((await originCalls()) - before).toBe(1);
  });

  it("serves a fresh reply it has read once from the isolate's memory, and goes back to the Cache API when stale", async () => {
    const path = uniquePath();
    const counted = (at: number, origin = "ok") => get(path, at, origin, "short", "ok", "counted");
    const miss = await counted(T0);
    const before = await calls();
    const fromCache = await counted(T0 + 1_000);
    const afterFirstHit = await calls();
    const fromMemory = await counted(T0 + 2_000);
    const afterSecondHit = await calls();
    expect([miss.cache, fromCache.cache, fromMemory.cache]).toEqual(["MISS", "HIT", "HIT"]);
    expect(fromMemory.body).toEqual(miss.body);
    expect(afterFirstHit.matchCalls - before.matchCalls).toBe(1);
    expect(afterSecondHit.matchCalls - afterFirstHit.matchCalls).toBe(0);
    expect(afterSecondHit.originCalls).toBe(before.originCalls);

    // Past the fresh window the memory is not used: the Cache API's entry is served stale and revalidated.
    const stale = await counted(T0 + (short.maxAgeSeconds + 5) * 1000);
    expect(stale.cache).toBe("STALE");
    expect((await calls()).matchCalls - afterSecondHit.matchCalls).toBe(1);
  });

  it("gets the same default cache on every request, so the memory outlives a request", async () => {
    await mf.dispatchFetch("http://harness/default-cache-is-kept");
    const res = await mf.dispatchFetch("http://harness/default-cache-is-kept");
    expect(await res.json()).toEqual({ same: true });
  });
});
