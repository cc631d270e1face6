import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { experimental_readRawConfig } from "wrangler";
import { callApiFor } from "./api-call";
import {
  GLOBAL_KEY,
  GLOBAL_RATE_LIMITS,
  RATE_LIMIT_GROUPS,
  RATE_LIMIT_PERIOD_SECONDS,
  rateLimited,
  rateLimitGroupOf,
} from "./rate-limits";
import type { WorkerEnv } from "./types";

/**
 * Stand-in bindings that allow `limit` calls per key (`globalLimit` for the caps on all clients), as Cloudflare's (and
 * Miniflare's) do within one period; `keys` records what each binding was asked with.
 */
function fakeLimits(limit: number, globalLimit = 1000) {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  const binding = (name: string, allowed: number) => ({
    limit: async ({ key }: { key: string }) => {
      keys.push(`${name} ${key}`);
      const count = (counts.get(`${name} ${key}`) ?? 0) + 1;
      counts.set(`${name} ${key}`, count);
      return { success: count <= allowed };
    },
  });
  const env = Object.fromEntries([
    ...Object.keys(RATE_LIMIT_GROUPS).map((name) => [name, binding(name, limit)]),
    ...Object.values(GLOBAL_RATE_LIMITS).map((name) => [name, binding(name, globalLimit)]),
  ]) as unknown as Env;
  return Object.assign(env, { keys });
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
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

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

  it("counts an IPv6 client by its /64: two addresses of one /64 share a limit, another /64 has its own", async () => {
    const env = fakeLimits(2);
    expect(await rateLimited(call("POST", "/member/login", "2001:db8:7:1::1"), env)).toBeNull();
    expect(await rateLimited(call("POST", "/member/login", "2001:db8:7:1:ffff::9"), env)).toBeNull();
    expect((await rateLimited(call("POST", "/member/login", "2001:db8:7:1::abcd"), env))?.status).toBe(429);
    expect(await rateLimited(call("POST", "/member/login", "2001:db8:7:2::1"), env)).toBeNull();
    expect(env.keys.filter((key) => key.startsWith("SIGN_IN_RATE_LIMIT "))).toEqual([
      "SIGN_IN_RATE_LIMIT 2001:db8:7:1::/64",
      "SIGN_IN_RATE_LIMIT 2001:db8:7:1::/64",
      "SIGN_IN_RATE_LIMIT 2001:db8:7:1::/64",
      "SIGN_IN_RATE_LIMIT 2001:db8:7:2::/64",
    ]);
  });

  it("caps a sensitive group for all clients together, so that new addresses do not lift it", async () => {
    const env = fakeLimits(2, 3);
    const from = (n: number) => rateLimited(call("POST", "/member/recovery/code", `2001:db8:${n}::1`), env);
    expect(await from(1)).toBeNull();
    expect(await from(2)).toBeNull();
    expect(await from(3)).toBeNull();
    const refused = await from(4);
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toEqual({ code: 7, message: "操作太頻繁，請 1 分鐘後再試" });
    expect((await from(5))?.status).toBe(429);
    // An operator sees the cap being reached: it means an attack, or a cap too low for the shop's readers.
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('"message":"global cap reached","group":"RECOVERY_RATE_LIMIT"'),
    );
    // Counted under one key; another sensitive group has a cap of its own.
    expect(new Set(env.keys.filter((key) => key.startsWith("RECOVERY_GLOBAL_RATE_LIMIT ")))).toEqual(
      new Set([`RECOVERY_GLOBAL_RATE_LIMIT ${GLOBAL_KEY}`]),
    );
    expect(await rateLimited(call("POST", "/member/register", "2001:db8:9::1"), env)).toBeNull();
  });

  it("counts against the cap on all clients only what a client's own limit lets through", async () => {
    const env = fakeLimits(2, 3);
    for (let i = 0; i < 10; i++) await rateLimited(call("POST", "/cart/checkout", "203.0.113.1"), env);
    // One client spent 2 of the 3: a second one still gets through.
    expect(env.keys.filter((key) => key.startsWith("CHECKOUT_GLOBAL_RATE_LIMIT"))).toHaveLength(2);
    expect(await rateLimited(call("POST", "/cart/checkout", "203.0.113.2"), env)).toBeNull();
  });

  it("has no cap on all clients for the groups that are not sensitive", async () => {
    const env = fakeLimits(1000, 0);
    expect(await rateLimited(call("GET", "/search?q=心", "203.0.113.1"), env)).toBeNull();
    expect(await rateLimited(call("POST", "/cart/quote", "203.0.113.1"), env)).toBeNull();
    expect((await rateLimited(call("POST", "/cart/checkout", "203.0.113.1"), env))?.status).toBe(429);
  });

  it("does not count calls without an address or outside the groups", async () => {
    const env = fakeLimits(0);
    expect(await rateLimited(call("POST", "/member/login"), env)).toBeNull();
    expect(await rateLimited(call("GET", "/products", "203.0.113.1"), env)).toBeNull();
  });
});

describe("callApiFor (the one way into the API)", () => {
  it("stops a limited call before the API sees it", async () => {
    let reached = 0;
    const forward = async () => {
      reached++;
      return Response.json({ code: 1, message: "成功", data: null });
    };
    const app = new Hono<WorkerEnv>().all("/api/frontend/*", (c) => callApiFor(c, c.req.raw, forward));
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
  const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
  const limits = (rawConfig.ratelimits ?? []) as {
    name: string;
    namespace_id: string;
    simple: { limit: number; period: number };
  }[];
  const limitOf = (name: string) => limits.find((entry) => entry.name === name)?.simple.limit ?? 0;

  it("has one binding per group and one per global cap, each over the period that Retry-After names", () => {
    expect(limits.map((entry) => entry.name).sort()).toEqual(
      [...Object.keys(RATE_LIMIT_GROUPS), ...Object.values(GLOBAL_RATE_LIMITS)].sort(),
    );
    for (const entry of limits) expect(entry.simple.period).toBe(RATE_LIMIT_PERIOD_SECONDS);
    expect(new Set(limits.map((entry) => entry.namespace_id)).size).toBe(limits.length);
  });

  it("puts each global cap well above its group's limit for one client", () => {
    for (const [group, global] of Object.entries(GLOBAL_RATE_LIMITS)) {
      expect(limitOf(global), global).toBeGreaterThanOrEqual(10 * limitOf(group));
    }
  });
});
