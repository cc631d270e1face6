import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, request } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withIdempotentRetries } from "./request-retries";

// A server that resets the connection of every first request to a path, and answers the ones after it.
let server: Server;
let base: string;
const seen = new Map<string, number>();
let context: APIRequestContext;

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.get(key) === 1) {
      req.socket.destroy();
      return;
    }
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  context = await request.newContext();
});

afterAll(async () => {
  await context.dispose();
  await new Promise((resolve) => server.close(resolve));
});

describe("withIdempotentRetries", () => {
  it("sends a GET, a HEAD and a fetch without a method again when the connection was reset", async () => {
    const retried = withIdempotentRetries(context);
    expect((await retried.get(`${base}/get`)).status()).toBe(200);
    expect((await retried.head(`${base}/head`)).status()).toBe(200);
    expect((await retried.fetch(`${base}/fetch`)).status()).toBe(200);
    expect(seen.get("GET /get")).toBe(2);
  });

  it("never sends a POST or a fetch with another method twice", async () => {
    const retried = withIdempotentRetries(context);
    await expect(retried.post(`${base}/post`, { data: "{}" })).rejects.toThrow(/ECONNRESET|socket hang up/);
    await expect(retried.fetch(`${base}/delete`, { method: "DELETE" })).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(seen.get("POST /post")).toBe(1);
    expect(seen.get("DELETE /delete")).toBe(1);
  });

  it("without it, a reset GET fails (what the wrapper is for)", async () => {
    await expect(context.get(`${base}/plain`)).rejects.toThrow(/ECONNRESET|socket hang up/);
  });
});
