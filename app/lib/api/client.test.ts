import { describe, expect, it } from "vitest";
import type { SessionMark } from "../../features/session/session-end";
import { ApiError, createApiClient, unwrap } from "./client";

/** A fetch that answers with the given body and records what it was sent. */
function answering(body: string, status = 200) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return new Response(body, { status, headers: { "Content-Type": "application/json" } });
  };
  return { fetch, sent };
}

const baseUrl = "https://shop.test/api/frontend";

describe("api client", () => {
  it("sends Authorization: Bearer when a token is present", async () => {
    const { fetch, sent } = answering('{"code":1,"message":"成功","data":{}}');
    const api = createApiClient({ baseUrl, fetch, getToken: () => "tok-123" });
    await api.GET("/member/profile");
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer tok-123");
  });

  it("sends no Authorization header without a token", async () => {
    const { fetch, sent } = answering('{"code":1,"message":"成功","data":{}}');
    const api = createApiClient({ baseUrl, fetch, getToken: () => null });
    await api.GET("/env");
    expect(sent[0]?.headers.has("Authorization")).toBe(false);
  });

  it("trims the reply text before parsing it as JSON and returns data on code 1", async () => {
    const { fetch } = answering('\n\n  {"code":1,"message":"成功","data":{"101":2}}  \n');
    const api = createApiClient({ baseUrl, fetch });
    await expect(unwrap(api.GET("/cart/cache"))).resolves.toEqual({ "101": 2 });
  });

  it("keeps the reply's headers (the saved cart's ETag) but not the length of the bytes it came in", async () => {
    const fetch = async () =>
      new Response('  {"code":1,"message":"成功","data":{}}', {
        headers: { "Content-Type": "application/json; charset=utf-8", ETag: '"7"', "Content-Length": "38" },
      });
    const api = createApiClient({ baseUrl, fetch });
    const reply = await api.GET("/cart/cache");
    expect(reply.response.headers.get("ETag")).toBe('"7"');
    expect(reply.response.headers.get("Content-Length")).toBeNull();
    expect(reply.data).toEqual({ code: 1, message: "成功", data: {} });
  });

  it("returns data on code 1 even when the HTTP status is not 200", async () => {
    const { fetch } = answering('{"code":1,"message":"ok","data":[1]}', 202);
    const api = createApiClient({ baseUrl, fetch });
    await expect(unwrap(api.GET("/products/{id}/related", { params: { path: { id: "1" } } }))).resolves.toEqual([1]);
  });

  it("clears the token and raises on code 3", async () => {
    const { fetch } = answering('{"code":3,"message":"請先登入會員"}', 401);
    let cleared = 0;
    const api = createApiClient({ baseUrl, fetch, getToken: () => "old", clearToken: () => cleared++ });
    const error = await unwrap(api.GET("/member/profile")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 3, message: "請先登入會員", status: 401 });
    expect(cleared).toBe(1);
  });

  it("hands clearToken the session the request was sent in, not the one current at the reply", async () => {
    let session = "first";
    const fetch = async () => {
      session = "second"; // signed in again while the request was out
      return new Response('{"code":3,"message":"請先登入會員"}', { status: 401 });
    };
    const seen: SessionMark[] = [];
    const api = createApiClient({
      baseUrl,
      fetch,
      sessionAtRequest: () => session,
      clearToken: (sentIn) => seen.push(sentIn),
    });
    await unwrap(api.GET("/member/profile")).catch(() => {});
    expect(seen).toEqual(["first"]);
  });

  it("does not clear the token on other error codes", async () => {
    const { fetch } = answering('{"code":4,"message":"找不到這項商品"}', 404);
    let cleared = 0;
    const api = createApiClient({ baseUrl, fetch, clearToken: () => cleared++ });
    await expect(unwrap(api.GET("/products/{id}", { params: { path: { id: "9" } } }))).rejects.toMatchObject({
      code: 4,
      message: "找不到這項商品",
    });
    expect(cleared).toBe(0);
  });

  it("raises 未知錯誤(code) when an error reply has no message", async () => {
    const { fetch } = answering('{"code":17}', 200);
    const api = createApiClient({ baseUrl, fetch });
    await expect(unwrap(api.GET("/env"))).rejects.toMatchObject({ code: 17, message: "未知錯誤(17)" });
  });

  it("raises 未知錯誤(code) when the message is blank", async () => {
    const { fetch } = answering('{"code":9,"message":"  "}', 500);
    const api = createApiClient({ baseUrl, fetch });
    await expect(unwrap(api.GET("/env"))).rejects.toMatchObject({ message: "未知錯誤(9)" });
  });

  it("raises a clear error when the reply is not JSON", async () => {
    const { fetch } = answering("<html>502 Bad Gateway</html>", 502);
    const api = createApiClient({ baseUrl, fetch });
    await expect(unwrap(api.GET("/env"))).rejects.toMatchObject({ message: "未知錯誤(502)", status: 502 });
  });
});
