import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { WorkerEnv } from "../types";
import { requestId } from "./request-id";

const app = new Hono<WorkerEnv>()
  .use(requestId)
  .get("/raw", (c) => new Response(`id=${c.get("requestId")}`))
  .get("/json", (c) => c.json({ id: c.get("requestId") }));

describe("requestId", () => {
  it("stamps the id on replies that handlers build themselves", async () => {
    const res = await app.request("/raw");
    const id = res.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.text()).toBe(`id=${id}`);
  });

  it("keeps a well-formed incoming id and replaces a malformed one", async () => {
    const kept = await app.request("/json", { headers: { "X-Request-Id": "edge-abc-12345" } });
    expect(kept.headers.get("X-Request-Id")).toBe("edge-abc-12345");
    const replaced = await app.request("/json", { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
