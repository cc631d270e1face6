import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { experimental_readRawConfig } from "wrangler";
import {
  apiRateLimits,
  RATE_LIMIT_GROUPS,
  RATE_LIMIT_PERIOD_SECONDS,
  rateLimited,
  rateLimitGroupOf,
} from "./rate-limits";
import type { WorkerEnv } from "./types";

/** Stand-in bindings that allow `limit` calls per key, as Cloudflare's (and Miniflare's) do within one period. */
function fakeLimits(limit: number) {
  const counts = new Map<string, number>();
  const binding = (name: string) => ({
    limit: async ({ key }: { key: string }) => {
      const count = (counts.get(`${name} ${key}`) ?? 0) + 1;
      counts.set(`${name} ${key}`, count);
      return { success: count <= limit };
    },
  });
  return Object.fromEntries(Object.keys(RATE_LIMIT_GROUPS).map((name) => [name, binding(name)])) as unknown as Env;
}

const call = (method: string, path: string, ip?: string) =>
  new Request(`https://s.test/api/frontend${path}`, {
    method,
    headers: ip ? { "CF-Connecting-IP": ip } : {},
  });

describe("rateLimitGroupOf", () => {
  it("names the group of each limited call, escaped paths and HEAD included", () => {
    expect(rateLimitGroupOf(call("POST", "/member/login"))).toBe("SIGN_IN_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/member/oauth/complete"))).toBe("REGISTER_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/member/recovery/code"))).toBe("RECOVERY_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/order-search"))).toBe("ORDER_SEARCH_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/cart/quote"))).toBe("QUOTE_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/cart/checkout"))).toBe("CHECKOUT_RATE_LIMIT");
    expect(rateLimitGroupOf(call("HEAD", "/search/suggestions?q=心"))).toBe("SEARCH_RATE_LIMIT");
    expect(rateLimitGroupOf(call("POST", "/member/%6Cogin"))).toBe("SIGN_IN_RATE_LIMIT");
  });

  it("leaves other calls alone", () => {
    expect(rateLimitGroupOf(call("GET", "/member/login"))).toBeNull();
    expect(rateLimitGroupOf(call("GET", "/products"))).toBeNull();
    expect(rateLimitGroupOf(new Request("https://s.test/search?q=心"))).toBeNull();
  });
});

describe("rateLimited", () => {
  it("answers past the limit with code 7, 429 and Retry-After, per address and group", async () => {
    const env = fakeLimits(2);
    expect(await rateLimited(call("POST", "/member/login", "203.0.113.1"), env)).toBeNull();
    expect(await rateLimited(call("POST", "/member/login", "203.0.113.1"), env)).toBeNull();
    const refused = await rateLimited(call("POST", "/member/login", "203.0.113.1"), env);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("Retry-After")).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
    expect(refused?.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused?.json()).toEqual({ code: 7, message: "操作太頻繁，請 1 分鐘後再試" });
    // Another reader, and another group of the same reader, are counted apart.
    expect(await rateLimited(call("POST", "/member/login", "203.0.113.2"), env)).toBeNull();
    expect(await rateLimited(call("POST", "/member/register", "203.0.113.1"), env)).toBeNull();
  });

  it("counts a page's call under the address it is given", async () => {
    const env = fakeLimits(1);
    expect(await rateLimited(call("POST", "/order-search"), env, "203.0.113.9")).toBeNull();
    expect((await rateLimited(call("POST", "/order-search"), env, "203.0.113.9"))?.status).toBe(429);
  });

  it("does not count calls without an address or outside the groups", async () => {
    const env = fakeLimits(0);
    expect(await rateLimited(call("POST", "/member/login"), env)).toBeNull();
    expect(await rateLimited(call("GET", "/products", "203.0.113.1"), env)).toBeNull();
  });
});

describe("apiRateLimits", () => {
  it("stops a limited call before the API sees it", async () => {
    let reached = 0;
    const app = new Hono<WorkerEnv>().use("/api/frontend/*", apiRateLimits).all("/api/frontend/*", (c) => {
      reached++;
      return c.json({ code: 1, message: "成功", data: null });
    });
    const env = fakeLimits(1);
    const ask = () =>
      app.request(
        "/api/frontend/cart/checkout",
        { method: "POST", headers: { "CF-Connecting-IP": "203.0.113.5" } },
        env,
      );
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    expect(reached).toBe(1);
  });
});

describe("wrangler.toml's [[ratelimits]]", () => {
  it("has one binding per group, each over the period that Retry-After names", () => {
    const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
    const limits = (rawConfig.ratelimits ?? []) as { name: string; namespace_id: string; simple: { period: number } }[];
    expect(limits.map((entry) => entry.name).sort()).toEqual(Object.keys(RATE_LIMIT_GROUPS).sort());
    for (const entry of limits) expect(entry.simple.period).toBe(RATE_LIMIT_PERIOD_SECONDS);
    expect(new Set(limits.map((entry) => entry.namespace_id)).size).toBe(limits.length);
  });
});
