// Rate limits per client address (worker/rate-limits.ts, wrangler.toml): each group allows its limit per period, then
// answers 429 with code 7 and Retry-After; another address is not held back. The suite gives each test an address
// of its own (tests/support/test.ts), so these bursts hold back no other test.
// Named by what it checks, not by an operation: it covers every rate-limit group's operations.
import type { RateLimitBinding } from "../../worker/rate-limits";
import { API } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { limitOf, startEarlyInPeriod } from "../support/rate-limits";
import { type APIRequestContext, type APIResponse, expect, test } from "../support/test";

type Call = (i: number, headers?: Record<string, string>) => Promise<APIResponse>;

interface Group {
  group: RateLimitBinding;
  /** The contract's path and method of the call the test repeats (for the 429's schema). */
  contract: [path: string, method: "get" | "post"];
  call: (request: APIRequestContext) => Call;
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
/** A random 16-bit group of an IPv6 address, in hex. */
const randomGroup = () => Math.floor(Math.random() * 0x10000).toString(16);

const GROUPS: Group[] = [
  {
    group: "SIGN_IN_RATE_LIMIT",
    contract: ["/member/login", "post"],
    // A different e-mail every time: the per-e-mail throttle never comes into it.
    call: (request) => (i, headers) =>
      request.post(`${API}/member/login`, {
        headers,
        data: { email: `nobody-${i}-${unique()}@example.com`, password: "Wrong1234" },
      }),
  },
  {
    group: "REGISTER_RATE_LIMIT",
    contract: ["/member/register", "post"],
    call: (request) => (_i, headers) => request.post(`${API}/member/register`, { headers, data: { email: "x" } }),
  },
  {
    group: "RECOVERY_RATE_LIMIT",
    contract: ["/member/recovery/code", "post"],
    call: (request) => (_i, headers) => request.post(`${API}/member/recovery/code`, { headers, data: { email: "x" } }),
  },
  {
    group: "ORDER_SEARCH_RATE_LIMIT",
    contract: ["/order-search", "post"],
    call: (request) => (_i, headers) =>
      request.post(`${API}/order-search`, {
        headers,
        data: { order_no: "BK20261123-000042-7KQ3ZP", email: "x@example.com" },
      }),
  },
  {
    group: "QUOTE_RATE_LIMIT",
    contract: ["/cart/quote", "post"],
    call: (request) => (_i, headers) => request.post(`${API}/cart/quote`, { headers, data: {} }),
  },
  {
    group: "CHECKOUT_RATE_LIMIT",
    contract: ["/cart/checkout", "post"],
    call: (request) => (_i, headers) => request.post(`${API}/cart/checkout`, { headers, data: {} }),
  },
  {
    group: "SEARCH_RATE_LIMIT",
    contract: ["/search/suggestions", "get"],
    // Search and suggestions share the group: the burst alternates them.
    call: (request) => (i, headers) =>
      i % 2 === 0
        ? request.get(`${API}/search`, { headers, params: { q: "心" } })
        : request.get(`${API}/search/suggestions`, { headers, params: { q: "心" } }),
  },
];

for (const { group, contract, call } of GROUPS) {
  test(`${group}: the limit per address, then 429 with code 7 and Retry-After`, async ({ request }) => {
    test.setTimeout(120_000);
    const { limit, period } = limitOf(group);
    const send = call(request);
    await startEarlyInPeriod(period);
    for (let i = 0; i < limit; i++) {
      const res = await send(i);
      expect(res.status(), `call ${i + 1} of ${limit}`).not.toBe(429);
    }
    const refused = await send(limit);
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toBe(String(period));
    const body = await refused.json();
    expectMatchesContract(contract[0], contract[1], 429, body);
    expect(body).toEqual({ code: 7, message: "操作太頻繁，請 1 分鐘後再試" });
    // Another reader (another /64) is not held back.
    const other = await send(limit + 1, { "CF-Connecting-IP": `2001:db8:ffff:${randomGroup()}::1` });
    expect(other.status()).not.toBe(429);
  });
}

test("an IPv6 client is counted by its /64: addresses of one /64 share the limit, the next /64 has its own", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { limit, period } = limitOf("REGISTER_RATE_LIMIT");
  const prefix = Math.floor(Math.random() * 0xfff0);
  const network = `2001:db8:fffd:${prefix.toString(16)}`;
  const neighbour = `2001:db8:fffd:${(prefix + 1).toString(16)}`;
  const inNetwork = [`${network}::1`, `${network}::2`, `${network}:ffff:ffff:ffff:ffff`, `${network}:0:0:0:abcd`];
  const register = (address: string) =>
    request.post(`${API}/member/register`, { headers: { "CF-Connecting-IP": address }, data: { email: "x" } });
  await startEarlyInPeriod(period);
  for (let i = 0; i < limit; i++) {
    const res = await register(inNetwork[i % inNetwork.length] ?? "");
    expect(res.status(), `call ${i + 1} of ${limit}`).not.toBe(429);
  }
  // A new address in the same /64 is the same client.
  const refused = await register(`${network}::9:9`);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ code: 7, message: "操作太頻繁，請 1 分鐘後再試" });
  // The next /64 is another client.
  expect((await register(`${neighbour}::1`)).status()).not.toBe(429);
});
