import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { API_BODY_LIMIT_BYTES } from "../body-limit";
import type { WorkerEnv } from "../types";
import { documentBodyLimit } from "./document-body-limit";

// A page action that echoes the form it was given, behind the limit as in worker/index.ts.
const app = new Hono<WorkerEnv>()
  .use(documentBodyLimit)
  .post("*", async (c) => c.text(`${(await c.req.raw.formData()).get("email")}`))
  .get("*", (c) => c.text("page"));

const postForm = (body: string) =>
  app.request("https://s.test/login", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("documentBodyLimit", () => {
  it("passes a form within 64 KB on to the page unchanged", async () => {
    const res = await postForm(`email=${encodeURIComponent("讀者@example.com")}&note=${"x".repeat(60_000)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("讀者@example.com");
  });

  it("answers a larger form with a 413 page in Chinese", async () => {
    const res = await postForm(`email=a%40example.com&note=${"x".repeat(API_BODY_LIMIT_BYTES)}`);
    expect(res.status).toBe(413);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("<h1>送出的內容過大</h1>");
    expect(html).toContain("表單內容超過 64 KB 的上限");
  });

  it("lets reads through", async () => {
    const res = await app.request("https://s.test/login", { method: "GET" });
    expect(await res.text()).toBe("page");
  });
});
