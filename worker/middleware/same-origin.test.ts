import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { parseConfig } from "../config";
import type { WorkerEnv } from "../types";
import { configMiddleware } from "./config";
import { requestId } from "./request-id";
import { comesFromElsewhere, needsSameOrigin, sameOriginWrites } from "./same-origin";

const SITE = "https://books.example.tw";
const config = parseConfig({ SITE_TITLE: "覺林書房", SITE_DESCRIPTION: "歡迎光臨", SITE_URL: SITE });

// The worker's order (worker/index.ts): the check before any route.
const app = new Hono<WorkerEnv>()
  .use(requestId)
  .use(configMiddleware(config))
  .use(sameOriginWrites)
  .all("/api/frontend/*", (c) => c.json({ code: 1, message: "成功", data: null }))
  .all("*", (c) => c.html("<p>page</p>"));

const send = (path: string, method: string, headers: Record<string, string> = {}) =>
  app.request(`${SITE}${path}`, { method, headers });

let warned: MockInstance<typeof console.warn>;
beforeEach(() => {
  warned = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warned.mockRestore());

describe("comesFromElsewhere", () => {
  const own = [SITE];
  const from = (headers: Record<string, string>) => comesFromElsewhere(new Headers(headers), own);

  it("accepts this site's origin, same-origin and user-initiated requests, and requests without either header", () => {
    expect(from({ Origin: SITE, "Sec-Fetch-Site": "same-origin" })).toBe(false);
    expect(from({ "Sec-Fetch-Site": "none" })).toBe(false);
    expect(from({})).toBe(false);
  });

  it("refuses another origin, an opaque one, and cross-site or same-site requests", () => {
    expect(from({ Origin: "https://evil.example" })).toBe(true);
    expect(from({ Origin: "null" })).toBe(true);
    expect(from({ Origin: "http://books.example.tw" })).toBe(true);
    expect(from({ "Sec-Fetch-Site": "cross-site" })).toBe(true);
    expect(from({ "Sec-Fetch-Site": "same-site" })).toBe(true);
    expect(from({ Origin: SITE, "Sec-Fetch-Site": "cross-site" })).toBe(true);
  });
});

describe("needsSameOrigin", () => {
  it("covers every write, and the GET that ends the session", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(needsSameOrigin(method, "/login")).toBe(true);
    expect(needsSameOrigin("GET", "/api/frontend/member/logout")).toBe(true);
    expect(needsSameOrigin("HEAD", "/api/frontend/member/logout")).toBe(true);
    expect(needsSameOrigin("GET", "/api/frontend/member/profile")).toBe(false);
    expect(needsSameOrigin("OPTIONS", "/api/frontend/cart/cache")).toBe(false);
  });

  it("leaves only the payment gateway's signed calls back to other sites", () => {
    for (const call of ["notify", "return", "customer"]) {
      expect(needsSameOrigin("POST", `/api/frontend/payment/newebpay/${call}`)).toBe(false);
    }
    expect(needsSameOrigin("POST", "/api/frontend/payment/newebpay/other")).toBe(true);
  });
});

describe("sameOriginWrites", () => {
  it("answers another site's API write with 403 and the envelope, and logs it", async () => {
    const res = await send("/api/frontend/cart/cache", "POST", {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ code: 2, message: "拒絕來自其他網站的請求：請回到本站重新操作" });
    expect(warned).toHaveBeenCalledWith(expect.stringContaining('"origin":"https://evil.example"'));
  });

  it("answers another site's form post to a page with a 403 page in Chinese", async () => {
    const res = await send("/login", "POST", { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("<title>無法處理這項請求 - 覺林書房</title>");
    expect(html).toContain("這項請求不是從本站送出的");
  });

  it("refuses a cross-site navigation to the logout, even with an escaped path", async () => {
    expect((await send("/api/frontend/member/logout", "GET", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send("/api/frontend/member/%6Cogout", "GET", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send("/api/frontend/member/logout", "GET", { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("lets this site's writes, other sites' reads, clients without browser headers and the gateway through", async () => {
    expect((await send("/login", "POST", { Origin: SITE, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await send("/api/frontend/cart/cache", "POST")).status).toBe(200);
    expect((await send("/api/frontend/products", "GET", { "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
    const gateway = { Origin: "https://ccore.newebpay.com", "Sec-Fetch-Site": "cross-site" };
    expect((await send("/api/frontend/payment/newebpay/return", "POST", gateway)).status).toBe(200);
  });

  it("also accepts the origin the request came to when SITE_URL names another", async () => {
    const res = await app.request("http://127.0.0.1:8820/login", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:8820", "Sec-Fetch-Site": "same-origin" },
    });
    expect(res.status).toBe(200);
  });
});
