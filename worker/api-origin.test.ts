// Calls to API_ORIGIN against the fault-injecting stand-in origin (tests/support/fault-origin.mjs) on
// loopback, in front of a small backend that answers envelopes: every fault ends in the code-5 envelope with
// Retry-After within the timeout, and what the backend answers passes as it came.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { createFaultOrigin } from "../tests/support/fault-origin.mjs";
import { fetchOrigin } from "./api-origin";

const TIMEOUT_MS = 400;
/**
 * The timeout of calls that test what passes, not when: a loaded machine can take longer than TIMEOUT_MS over the
 * three loopback hops, which is not a fault of the proxy.
 */
const ROOMY_TIMEOUT_MS = 5_000;
let backend: Server;
let faultOrigin: Server;
let origin = "";

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  backend = createServer((req, res) => {
    if (req.url === "/api/frontend/payment/newebpay/return") {
      res.writeHead(303, { Location: "/order/complete?order_no=1" });
      return res.end();
    }
    const failing = req.url === "/api/frontend/busy";
    res.writeHead(failing ? 500 : 200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(failing ? { code: 5, message: "後端忙碌" } : { code: 1, message: "成功", data: { id: 7 } }));
  });
  faultOrigin = createFaultOrigin({ upstream: await listen(backend) });
  origin = await listen(faultOrigin);
});

afterAll(() => {
  for (const server of [faultOrigin, backend]) {
    server.closeAllConnections();
    server.close();
  }
});

let warned: MockInstance<typeof console.warn>;
beforeEach(() => {
  warned = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warned.mockRestore());

async function setMode(mode: string, delayMs = 0) {
  const res = await fetch(`${origin}/_fault`, { method: "POST", body: JSON.stringify({ mode, delay_ms: delayMs }) });
  expect(res.status).toBe(200);
}

/** A call through fetchOrigin, timed. */
async function call(path: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS) {
  const started = Date.now();
  const reply = await fetchOrigin(new Request(`${origin}${path}`, { redirect: "manual", ...init }), timeoutMs);
  return { reply, ms: Date.now() - started };
}

describe("a call to API_ORIGIN", () => {
  it("passes the backend's envelope, status and headers as they came", async () => {
    await setMode("pass");
    const { reply } = await call("/api/frontend/products/7", {}, ROOMY_TIMEOUT_MS);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("application/json");
    expect(await reply.json()).toEqual({ code: 1, message: "成功", data: { id: 7 } });
    // A backend's own code-5 reply is an envelope: it passes with its message, its HTTP 500 as the gateway's 502.
    const busy = (await call("/api/frontend/busy", {}, ROOMY_TIMEOUT_MS)).reply;
    expect([busy.status, await busy.json()]).toEqual([502, { code: 5, message: "後端忙碌" }]);
    expect(busy.headers.get("Retry-After")).toBe("30");
    expect(warned).not.toHaveBeenCalled();
  });

  it("passes a redirect as it is", async () => {
    await setMode("pass");
    const { reply } = await call(
      "/api/frontend/payment/newebpay/return",
      { method: "POST", body: "x=1" },
      ROOMY_TIMEOUT_MS,
    );
    expect(reply.status).toBe(303);
    expect(reply.headers.get("Location")).toBe("/order/complete?order_no=1");
  });

  it("answers a slow backend that finishes within the timeout", async () => {
    // A delay that a timeout of TIMEOUT_MS would cut off, inside the roomy one.
    await setMode("slow", TIMEOUT_MS * 2);
    const { reply } = await call("/api/frontend/products/7", {}, ROOMY_TIMEOUT_MS);
    expect(await reply.json()).toMatchObject({ code: 1 });
  });

  it.each([
    ["hang", 504, "timeout"],
    ["slow", 504, "timeout"],
    ["500", 502, "not-an-envelope"],
    ["broken-json", 502, "not-an-envelope"],
    ["wrong-envelope", 502, "not-an-envelope"],
    ["reset", 502, "unreachable"],
  ])(
    "answers %s with the code-5 envelope, HTTP %i and Retry-After, within the timeout",
    async (mode, status, failure) => {
      await setMode(mode, TIMEOUT_MS * 5);
      // Only the timeouts are about time: the other faults get a roomy one, which they must not wait out.
      const timeoutMs = failure === "timeout" ? TIMEOUT_MS : ROOMY_TIMEOUT_MS;
      const auth = { headers: { Authorization: "Bearer x" } };
      const { reply, ms } = await call("/api/frontend/member/profile", auth, timeoutMs);
      expect(ms).toBeLessThan(failure === "timeout" ? TIMEOUT_MS + 500 : TIMEOUT_MS * 5);
      if (failure === "timeout") expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(reply.status).toBe(status);
      expect(reply.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(reply.headers.get("Retry-After")).toBe("30");
      expect(reply.headers.get("Cache-Control")).toBe("no-store");
      expect(await reply.json()).toEqual({ code: 5, message: "暫時無法取得資料，請稍後再試" });
      const line = JSON.parse(String(warned.mock.calls.at(-1)?.[0]));
      expect(line).toMatchObject({ level: "warn", where: "api-origin", failure, path: "/api/frontend/member/profile" });
    },
  );

  it("answers an origin that refuses connections with code 5 and HTTP 502", async () => {
    const closed = createServer();
    const address = await listen(closed);
    closed.close();
    const reply = await fetchOrigin(new Request(`${address}/api/frontend/env`), TIMEOUT_MS);
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ code: 5 });
  });
});
