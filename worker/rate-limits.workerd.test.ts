// The limits on the real rate-limiting bindings (Miniflare's, which count as Cloudflare's do within one location):
// an IPv6 client is counted by its /64, and a sensitive group's cap on all clients holds however many networks the
// calls come from. The limits are small here; wrangler.toml's are checked in rate-limits.test.ts.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PER_CLIENT = 3;
const ALL_CLIENTS = 7;

let mf: Miniflare;
/** What the worker logged. */
const logged: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./rate-limits.harness.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    // Node built-ins (the logger's node:async_hooks) are workerd's own under nodejs_compat, as in wrangler.toml.
    external: ["node:*"],
    target: "es2022",
    write: false,
  });
  const binding = (namespace: string, limit: number) =>
    ({ type: "rate-limit", namespace, simple: { limit, period: 60 } }) as const;
  mf = new Miniflare({
    workers: [
      {
        config: {
          name: "rate-limits-harness",
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          manifest: {
            mainModule: "harness.js",
            modules: { "harness.js": { type: "esm", contents: bundle.outputFiles[0]?.text ?? "" } },
          },
          env: {
            SIGN_IN_RATE_LIMIT: binding("1", PER_CLIENT),
            SIGN_IN_GLOBAL_RATE_LIMIT: binding("2", ALL_CLIENTS),
            REGISTER_RATE_LIMIT: binding("3", PER_CLIENT),
            REGISTER_GLOBAL_RATE_LIMIT: binding("4", ALL_CLIENTS),
          },
        },
      },
    ],
    handleStructuredLogs: ({ message }) => logged.push(message),
  });
  await mf.ready;
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

/**
 * Waits for the next period when less than 15 s of this one are left: the bindings' windows follow the clock. The
 * tests that wait have a timeout to allow for it.
 */
async function earlyInPeriod() {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < 15) await new Promise((resolve) => setTimeout(resolve, (left + 0.5) * 1000));
}

const call = async (path: string, address: string) => {
  const res = await mf.dispatchFetch(`http://shop.test/api/frontend${path}`, {
    method: "POST",
    headers: { "CF-Connecting-IP": address },
  });
  await res.arrayBuffer();
  return res.status;
};

describe("the rate-limiting bindings", () => {
  it("count two addresses of one IPv6 /64 as one client, and another /64 apart", async () => {
    await earlyInPeriod();
    const statuses = [];
    for (const address of ["2001:db8:a:1::1", "2001:db8:a:1::2", "2001:db8:a:1:ffff:ffff:ffff:ffff"]) {
      statuses.push(await call("/member/register", address));
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(await call("/member/register", "2001:db8:a:1::77")).toBe(429);
    expect(await call("/member/register", "2001:db8:a:2::1")).toBe(200);
  }, 30_000);

  it("hold a sensitive group's cap for all clients, however many networks the calls come from", async () => {
    await earlyInPeriod();
    const statuses = [];
    for (let n = 1; n <= ALL_CLIENTS + 5; n++)
      statuses.push(await call("/member/login", `2001:db8:b:${n.toString(16)}::1`));
    expect(statuses).toEqual([...Array(ALL_CLIENTS).fill(200), ...Array(5).fill(429)]);
    // IPv4 clients meet the same cap, and the operator is told.
    expect(await call("/member/login", "198.51.100.1")).toBe(429);
    expect(logged.filter((line) => line.includes("global cap reached"))).toHaveLength(6);
  }, 30_000);
});
