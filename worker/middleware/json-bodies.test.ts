import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { WorkerEnv } from "../types";
import { isJsonType, isRefusedBody, jsonBodiesOnly } from "./json-bodies";

const app = new Hono<WorkerEnv>()
  .use("/api/frontend/*", jsonBodiesOnly)
  .all("/api/frontend/*", (c) => c.json({ code: 1, message: "成功", data: null }));

const post = (path: string, body: string | null, type?: string, method = "POST") =>
  app.request(`https://s.test/api/frontend${path}`, {
    method,
    body,
    headers: type ? { "Content-Type": type } : {},
  });

describe("isJsonType", () => {
  it("takes application/json, with an optional charset=utf-8, and nothing else", () => {
    expect(isJsonType("application/json")).toBe(true);
    expect(isJsonType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonType('application/json;charset="UTF-8"')).toBe(true);
    expect(isJsonType("application/json-patch+json")).toBe(false);
    expect(isJsonType("application/merge-patch+json")).toBe(false);
    expect(isJsonType("application/problem+json")).toBe(false);
    expect(isJsonType("application/json; charset=iso-8859-1")).toBe(false);
    expect(isJsonType("application/json; profile=x")).toBe(false);
    expect(isJsonType("application/jsonx")).toBe(false);
    expect(isJsonType("text/plain")).toBe(false);
    expect(isJsonType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonType("text/json-ish")).toBe(false);
  });
});

describe("jsonBodiesOnly", () => {
  it("refuses text/plain, form and multipart writes with 415 and the envelope", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json-patch+json",
    ]) {
      const res = await post("/cart/cache", "{}", type);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ code: 2, message: "請求內容必須是 JSON（Content-Type: application/json）" });
    }
    expect((await post("/member/recipients/1", "{}", "text/plain", "PUT")).status).toBe(415);
  });

  it("refuses a body without a type, and takes a write without a body", async () => {
    // As a request arrives over HTTP (a Request built here would add its own headers).
    const untyped = (headers: Record<string, string>) =>
      isRefusedBody("POST", "/api/frontend/cart/cache", new Headers(headers));
    expect(untyped({ "Content-Length": "2" })).toBe(true);
    expect(untyped({ "Transfer-Encoding": "chunked" })).toBe(true);
    expect(untyped({ "Content-Length": "0" })).toBe(false);
    expect(untyped({})).toBe(false);
    expect((await post("/member/sessions/revoke-others", null)).status).toBe(200);
    expect((await post("/member/recipients/1", null, undefined, "DELETE")).status).toBe(200);
  });

  it("takes JSON, reads of any kind, and the gateway's form posts", async () => {
    expect((await post("/cart/cache", "{}", "application/json; charset=utf-8")).status).toBe(200);
    expect(
      (await app.request("https://s.test/api/frontend/products", { headers: { "Content-Type": "text/plain" } })).status,
    ).toBe(200);
    expect((await post("/payment/newebpay/notify", "Status=SUCCESS", "application/x-www-form-urlencoded")).status).toBe(
      200,
    );
  });
});
