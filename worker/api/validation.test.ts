import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { onApiError } from "./envelope";
import { issueMessage, MISSING_BODY_MESSAGE, parseInput, validate } from "./validation";

const schema = z.object({ email: z.string().min(1, "請輸入電子郵件"), age: z.number() });
const firstIssue = (value: unknown) => schema.safeParse(value).error?.issues[0];

describe("issueMessage", () => {
  it("keeps a Chinese message written in the schema", () => {
    expect(issueMessage(firstIssue({ email: "", age: 1 }))).toBe("請輸入電子郵件");
  });
  it("names the field when zod's own (English) message would leak", () => {
    expect(issueMessage(firstIssue({ email: "a", age: "x" }))).toBe("欄位「age」格式不正確");
  });
  it("names fields a strict object does not accept", () => {
    const strict = z.object({ a: z.number() }).strict();
    expect(issueMessage(strict.safeParse({ a: 1, b: 2, c: 3 }).error?.issues[0])).toBe("不接受的欄位：b、c");
  });

  it("says the body must be a JSON object when it is not one", () => {
    expect(issueMessage(firstIssue([1, 2]))).toBe("請求內容必須是 JSON 物件");
    expect(issueMessage(firstIssue("text"))).toBe("請求內容必須是 JSON 物件");
  });
});

describe("parseInput", () => {
  it("is the parsed value, or code 2 with the issue's message", () => {
    expect(parseInput(schema, { email: "a", age: 1 })).toEqual({ email: "a", age: 1 });
    expect(() => parseInput(schema, { email: "", age: 1 })).toThrow(
      expect.objectContaining({ code: 2, status: 400, message: "請輸入電子郵件" }),
    );
  });

  it("names a field it is asked to name in data.field, and no other", () => {
    const named = ["email"];
    expect(() => parseInput(schema, { email: 3, age: 1 }, named)).toThrow(
      expect.objectContaining({ code: 2, data: { field: "email" } }),
    );
    expect(() => parseInput(schema, { email: "a", age: "x" }, named)).toThrow(
      expect.objectContaining({ code: 2, data: undefined }),
    );
  });

  it("turns a schema that throws into code 2, never a 500", () => {
    const throwing = z.string().refine((text) => new URL(text).pathname === "/", "路徑不正確");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => parseInput(throwing, "http://[")).toThrow(
      expect.objectContaining({ code: 2, status: 400, message: "請求內容格式不正確" }),
    );
  });
});

describe("validate: a JSON body", () => {
  // Any map of numbers passes, the empty one too: as the saved cart's does.
  const app = new Hono()
    .post("/cart", validate("json", z.record(z.string(), z.number())), (c) => c.json(c.req.valid("json")))
    .onError(onApiError);
  const post = (init: RequestInit) => app.request("/cart", { method: "POST", ...init });

  it("is required: a write with no body is refused, not read as an empty object", async () => {
    for (const init of [{}, { body: "" }, { headers: { "Content-Type": "text/plain" }, body: '{"1":2}' }]) {
      const res = await post(init);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 2, message: MISSING_BODY_MESSAGE });
    }
  });

  it("passes with application/json, with a charset too; not with a +json type (the worker answers that 415)", async () => {
    const refused = await post({ headers: { "Content-Type": "application/json-patch+json" }, body: '{"1":2}' });
    expect(refused.status).toBe(400);
    for (const type of ["application/json", "application/json; charset=utf-8"]) {
      const res = await post({ headers: { "Content-Type": type }, body: '{"1":2}' });
      expect(await res.json()).toEqual({ "1": 2 });
    }
    const empty = await post({ headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await empty.json()).toEqual({});
  });
});
