import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { type ConfigError, loadConfig, parseConfig, type WorkerConfig } from "./config";
import { errorPageHtml, onWorkerError, thrownAsErrors } from "./error-handler";
import { configMiddleware } from "./middleware/config";
import { requestId } from "./middleware/request-id";
import type { WorkerEnv } from "./types";

const goodConfig = parseConfig({ SITE_TITLE: "覺林書房", SITE_DESCRIPTION: "歡迎光臨" });

// The worker's middleware order (worker/index.ts) with routes that fail.
const appWith = (config: WorkerConfig | ConfigError) =>
  new Hono<WorkerEnv>()
    .use(requestId)
    .use(thrownAsErrors)
    .use(configMiddleware(config))
    .get("/api/frontend/boom", () => {
      throw new Error("database exploded at SECRET_PLACE");
    })
    .get("/api/frontend/odd", () => {
      // Something that is not an Error, as some runtime exceptions and careless code throw.
      throw { reason: "upstream SECRET_PLACE" };
    })
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("*", () => {
      throw new TypeError("render failed: cannot read SECRET_PLACE");
    })
    .onError(onWorkerError);

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

const logLines = () => logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

describe("the worker's onError", () => {
  it("answers an /api failure with the SPEC envelope carrying the request id", async () => {
    const res = await appWith(goodConfig).request("/api/frontend/boom", {
      headers: { "X-Request-Id": "req-12345678" },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Request-Id")).toBe("req-12345678");
    expect(await res.json()).toEqual({ code: 5, message: "系統忙碌中，請稍後再試", request_id: "req-12345678" });
  });

  it("answers a page failure with SPEC §2's error page, the request id shown and no technical details", async () => {
    const res = await appWith(goodConfig).request("/product/12");
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const id = res.headers.get("X-Request-Id") ?? "";
    expect(id).toMatch(/^[\w-]{8,}$/);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-Hant-TW">');
    expect(html).toContain("<title>查無內容 - 覺林書房</title>");
    expect(html).toContain("<h1>查無內容</h1>");
    expect(html).toMatch(/<div role="alert"><h2>提示訊息<\/h2><p>很抱歉！您所要進入的頁面連結可能有誤。<\/p><\/div>/);
    expect(html).toContain('<a href="/">返回首頁</a>');
    expect(html).toContain(id);
    expect(html).not.toMatch(/SECRET_PLACE|TypeError|render failed/);
  });

  it("logs one JSON error line with the request id and the error", async () => {
    await appWith(goodConfig).request("/api/frontend/boom", { headers: { "X-Request-Id": "req-abcdefgh" } });
    expect(logLines()).toEqual([
      expect.objectContaining({
        level: "error",
        request_id: "req-abcdefgh",
        method: "GET",
        path: "/api/frontend/boom",
        message: "Error: database exploded at SECRET_PLACE",
      }),
    ]);
  });

  it("answers a thrown value that is not an Error with the envelope too, never plain text", async () => {
    const res = await appWith(goodConfig).request("/api/frontend/odd", { headers: { "X-Request-Id": "req-odd00001" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: 5, message: "系統忙碌中，請稍後再試", request_id: "req-odd00001" });
    expect(logLines()).toEqual([expect.objectContaining({ request_id: "req-odd00001", path: "/api/frontend/odd" })]);
  });

  it("leaves replies that did not fail alone", async () => {
    const res = await appWith(goodConfig).request("/healthz");
    expect(res.status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("an invalid configuration", () => {
  const broken = () => loadConfig({ SITE_DESCRIPTION: "歡迎光臨", ANALYTICS_ID: "UA-1" }) as ConfigError;

  it("is logged once when loaded, naming the variable", () => {
    broken();
    expect(logLines()).toEqual([
      {
        level: "error",
        where: "config",
        request_id: null,
        message: expect.stringMatching(/^Invalid worker configuration: ANALYTICS_ID: /),
      },
    ]);
  });

  it("fails every request with a 500: the envelope for /api, the error page otherwise, the variable in the log", async () => {
    const app = appWith(broken());
    logged.mockClear();
    const api = await app.request("/api/frontend/boom", { headers: { "X-Request-Id": "req-config01" } });
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ code: 5, message: "系統忙碌中，請稍後再試", request_id: "req-config01" });
    const page = await app.request("/healthz");
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("<title>查無內容</title>");
    expect(html).not.toContain("ANALYTICS_ID");
    expect(logLines().map((line) => [line.request_id !== undefined, line.message])).toEqual([
      [true, expect.stringMatching(/^ConfigError: Invalid worker configuration: ANALYTICS_ID: /)],
      [true, expect.stringMatching(/^ConfigError: Invalid worker configuration: ANALYTICS_ID: /)],
    ]);
  });
});

describe("the static error page", () => {
  it("escapes what it prints", () => {
    expect(errorPageHtml(`<b>"x"</b>`, "A&B")).toContain("&lt;b&gt;&quot;x&quot;&lt;/b&gt;");
    expect(errorPageHtml("id", "A&B")).toContain("<title>查無內容 - A&amp;B</title>");
  });
});
