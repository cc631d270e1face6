// The proxy finds the member token under the cookie name of the scheme, and writes it under that name.
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { forwardToApi } from "./api-proxy";
import type { WorkerConfig } from "./config";

const config = { apiOrigin: "https://api.example.test", apiTimeoutMs: 8000 } as unknown as WorkerConfig;
const ctx = { waitUntil: () => {} };
const env = {} as Env;

/** Sends `request` through the proxy to a stand-in upstream; returns the reply and the upstream's Authorization. */
async function proxy(request: Request, upstreamBody: unknown) {
  let authorization: string | null = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (upstream: Request) => {
      authorization = upstream.headers.get("Authorization");
      return Response.json(upstreamBody);
    }),
  );
  const reply = await forwardToApi(request, env, config, ctx);
  return { reply, authorization: authorization as string | null };
}

const signedIn = {
  code: 1,
  message: "成功",
  data: { token: "new-token-0123456789", expires_at: "2030-01-01T00:00:00Z" },
};
const login = (origin: string) =>
  new Request(`${origin}/api/frontend/member/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", password: "Demo1234" }),
  });
const profile = (origin: string, cookie: string) =>
  new Request(`${origin}/api/frontend/member/profile`, { headers: { Cookie: cookie } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the token cookie through the proxy", () => {
  it("over https is __Host-bookstore_token, both written and read", async () => {
    const { reply } = await proxy(login("https://shop.example"), signedIn);
    expect(reply.headers.getSetCookie()).toEqual([
      "__Host-bookstore_token=new-token-0123456789; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure",
      `__Host-bookstore_session=${await sessionKeyOf("new-token-0123456789")}; Path=/; Max-Age=86400; SameSite=Lax; Secure`,
    ]);
    const { authorization } = await proxy(
      profile("https://shop.example", "bookstore_token=planted-0123456789; __Host-bookstore_token=mine-0123456789"),
      { code: 1, message: "成功", data: {} },
    );
    expect(authorization).toBe("Bearer mine-0123456789");
  });

  it("over https ignores a plain-named token cookie, and clears the prefixed one on code 3", async () => {
    const { authorization } = await proxy(profile("https://shop.example", "bookstore_token=planted-0123456789"), {
      code: 3,
      message: "請先登入會員",
    });
    expect(authorization).toBeNull();
    const { reply } = await proxy(profile("https://shop.example", "__Host-bookstore_token=old-0123456789"), {
      code: 3,
      message: "請先登入會員",
    });
    expect(reply.headers.getSetCookie()).toEqual([
      "__Host-bookstore_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
      "__Host-bookstore_session=; Path=/; Max-Age=0; SameSite=Lax; Secure",
    ]);
  });

  it("on http://127.0.0.1 is the plain bookstore_token", async () => {
    const { reply } = await proxy(login("http://127.0.0.1:8788"), signedIn);
    expect(reply.headers.getSetCookie()).toEqual([
      "bookstore_token=new-token-0123456789; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax",
      `bookstore_session=${await sessionKeyOf("new-token-0123456789")}; Path=/; Max-Age=86400; SameSite=Lax`,
    ]);
    const { authorization } = await proxy(profile("http://127.0.0.1:8788", "bookstore_token=mine-0123456789"), {
      code: 1,
      message: "成功",
      data: {},
    });
    expect(authorization).toBe("Bearer mine-0123456789");
  });
});

describe("the worker's request id", () => {
  it("goes on to the API with the request, so the API's log lines name it", async () => {
    let seen: string | null = null;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (upstream: Request) => {
        seen = upstream.headers.get("X-Request-Id");
        return Response.json({ code: 1, message: "成功", data: {} });
      }),
    );
    await forwardToApi(profile("https://shop.example", "__Host-bookstore_token=mine-0123456789"), env, config, {
      ...ctx,
      requestId: "req-0123456789",
    });
    expect(seen).toBe("req-0123456789");
  });
});

describe("where the request came from", () => {
  it("is checked by the worker and not passed to API_ORIGIN, which this server calls itself", async () => {
    let upstreamHeaders = new Headers();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (upstream: Request) => {
        upstreamHeaders = upstream.headers;
        return Response.json({ code: 1, message: "成功", data: {} });
      }),
    );
    const request = new Request("https://shop.example/api/frontend/cart/summary", {
      method: "POST",
      headers: { Origin: "https://shop.example", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
      body: JSON.stringify({ id_list: [1] }),
    });
    await forwardToApi(request, env, config, ctx);
    expect(upstreamHeaders.get("Origin")).toBeNull();
    expect(upstreamHeaders.get("Sec-Fetch-Site")).toBeNull();
    expect(upstreamHeaders.get("Content-Type")).toBe("application/json");
  });
});

describe("signing out", () => {
  const logout = (method: string) =>
    new Request("https://shop.example.tw/api/frontend/member/logout", {
      method,
      headers: { Cookie: "__Host-bookstore_token=tok-0123456789abcdef" },
    });
  const clears = (reply: Response, name: string) =>
    reply.headers.getSetCookie().some((c) => c.startsWith(`__Host-${name}=;`) && /Max-Age=0/i.test(c));
  // The marker goes with the token, always.
  const clearsToken = (reply: Response) => {
    const token = clears(reply, "bookstore_token");
    expect(clears(reply, "bookstore_session")).toBe(token);
    return token;
  };

  it("clears the token cookie on the logout operation (GET), whatever the API answers", async () => {
    expect(clearsToken((await proxy(logout("GET"), { code: 1, message: "成功" })).reply)).toBe(true);
    expect(clearsToken((await proxy(logout("GET"), { code: 5, message: "系統忙碌中，請稍後再試" })).reply)).toBe(true);
  });

  it("leaves the session alone for another method to that path", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const { reply } = await proxy(logout(method), { code: 2, message: "不支援這個方法" });
      expect(clearsToken(reply), method).toBe(false);
    }
  });
});

describe("percent-escaped paths", () => {
  it("an escaped login still keeps the token out of the body and in the HttpOnly cookie", async () => {
    const request = new Request("https://shop.example.tw/api/frontend/member/%6Cogin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "Demo1234" }),
    });
    const { reply } = await proxy(request, signedIn);
    expect(JSON.stringify(await reply.json())).not.toContain("new-token-0123456789");
    expect(reply.headers.getSetCookie().some((c) => c.startsWith("__Host-bookstore_token=new-token"))).toBe(true);
  });

  it("an escaped logout clears the cookie", async () => {
    const request = new Request("https://shop.example.tw/api/frontend/member/%6Cogout", {
      headers: { Cookie: "__Host-bookstore_token=tok-0123456789abcdef" },
    });
    const { reply } = await proxy(request, { code: 1, message: "成功" });
    expect(reply.headers.getSetCookie().some((c) => c.startsWith("__Host-bookstore_token=;"))).toBe(true);
  });
});
