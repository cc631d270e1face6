// Stale-if-error against real origin failures: the edge cache in front of the proxy's call to API_ORIGIN, in workerd
// (origin-failure.harness.ts), with the fault-injecting stand-in origin (tests/support/fault-origin.mjs) on
// loopback. A catalogue reply stored before is served stale whatever the origin does, a timeout included; without
// one, the reader gets the code-5 envelope within the timeout.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaultOrigin } from "../../tests/support/fault-origin.mjs";
import { startHarness } from "./miniflare-harness";
import { CACHE_POLICIES } from "./policies";

const TIMEOUT_MS = 500;
const T0 = 1_800_000_000_000;
const short = CACHE_POLICIES.short;
/** Past freshness and the revalidation window, inside stale-if-error: the origin is asked, and fails. */
const LATE = T0 + (short.maxAgeSeconds + short.staleWhileRevalidateSeconds + 60) * 1000;

let mf: Miniflare;
let backend: Server;
let faultOrigin: Server;
let origin = "";
let version = 0;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  backend = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ code: 1, message: "成功", data: { version: ++version } }));
  });
  faultOrigin = createFaultOrigin({ upstream: await listen(backend) });
  origin = await listen(faultOrigin);
  mf = await startHarness(new URL("./origin-failure.harness.ts", import.meta.url), "origin-failure-harness");
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  for (const server of [faultOrigin, backend]) {
    server?.closeAllConnections();
    server?.close();
  }
});

async function setMode(mode: string) {
  await fetch(`${origin}/_fault`, { method: "POST", body: JSON.stringify({ mode, delay_ms: TIMEOUT_MS * 4 }) });
}

async function get(path: string, at: number) {
  const started = Date.now();
  const res = await mf.dispatchFetch(`http://harness${path}`, {
    headers: { "x-now": String(at), "x-origin-url": origin, "x-timeout-ms": String(TIMEOUT_MS) },
  });
  const body = (await res.json()) as { code: number; data?: { version: number } };
  return { status: res.status, cache: res.headers.get("X-Cache"), body, ms: Date.now() - started };
}

describe("stale-if-error in front of a failing API origin", () => {
  it.each(["hang", "slow", "500", "broken-json", "wrong-envelope", "reset"])(
    "serves the stored reply when the origin fails with %s, within the timeout",
    async (mode) => {
      const path = `/products/${mode}`;
      await setMode("pass");
      const first = await get(path, T0);
      expect([first.status, first.cache, first.body.code]).toEqual([200, "MISS", 1]);
      await setMode(mode);
      const late = await get(path, LATE);
      expect([late.status, late.cache]).toEqual([200, "STALE-IF-ERROR"]);
      expect(late.body).toEqual(first.body);
      expect(late.ms).toBeLessThan(TIMEOUT_MS + 1_000);
    },
  );

  it("answers code 5 with HTTP 504 within the timeout when nothing is stored and the origin hangs", async () => {
    await setMode("hang");
    const res = await get("/products/never-stored", T0);
    expect([res.status, res.cache, res.body.code]).toEqual([504, "MISS", 5]);
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(res.ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});
