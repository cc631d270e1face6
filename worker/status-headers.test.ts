import { describe, expect, it } from "vitest";
import { RATE_LIMIT_PERIOD_SECONDS } from "~/http/rate-limit";
import { RETRY_AFTER_SECONDS } from "~/http/unavailable";
import { withStatusHeaders } from "./status-headers";

const page = (status: number, headers: Record<string, string> = {}) =>
  withStatusHeaders(new Response("<p>頁面</p>", { status, headers: { "Content-Type": "text/html", ...headers } }));

describe("withStatusHeaders", () => {
  it("says when to try again after a 503 or a 429", () => {
    expect(page(503).headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(page(429).headers.get("Retry-After")).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
  });

  it("says a page without an action takes GET and HEAD after a 405", async () => {
    const res = page(405);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(res.headers.get("Content-Type")).toBe("text/html");
    expect(await res.text()).toBe("<p>頁面</p>");
  });

  it("keeps a header the page set itself, and leaves other statuses alone", () => {
    expect(page(503, { "Retry-After": "5" }).headers.get("Retry-After")).toBe("5");
    for (const status of [200, 404, 500]) {
      const res = page(status);
      expect(res.headers.has("Retry-After") || res.headers.has("Allow"), String(status)).toBe(false);
    }
  });
});
