// The proxy opens the built-in API's D1 session per request and hands its bookmark back in a cookie only when it
// should: after a member's request or any write, never on a guest's read (so guest catalogue replies stay cacheable).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_CONFIG as config, testD1 } from "./api/testing/d1-harness";
import { forwardToApi } from "./api-proxy";

const d1 = testD1();
const ctx = { waitUntil: () => {} };
const ORIGIN = "http://127.0.0.1:8788";

/** Every session the proxy opened, by the constraint or bookmark it was opened with. */
let opened: string[];
let env: Env;

beforeEach(async () => {
  const db = await d1.fresh();
  opened = [];
  // The proxy opens the request's session through withSession only: each start is recorded, and the session is D1's.
  env = {
    DB: {
      withSession: (start: string) => {
        opened.push(start);
        return db.withSession(start);
      },
    },
  } as unknown as Env;
  // The edge cache of catalogue replies: always a miss here.
  vi.stubGlobal("caches", { default: { match: async () => undefined, put: async () => {} } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const send = (path: string, init: RequestInit = {}, origin = ORIGIN) =>
  forwardToApi(new Request(`${origin}/api/frontend${path}`, init), env, config, ctx);

const codeOf = async (reply: Response) => ((await reply.json()) as { code: number }).code;
const cookiesOf = (reply: Response) => reply.headers.getSetCookie();
const bookmarkOf = (reply: Response) =>
  cookiesOf(reply)
    .find((cookie) => cookie.startsWith("bookstore_d1_bookmark="))
    ?.split(";")[0]
    ?.slice("bookstore_d1_bookmark=".length);

/** Registers a fresh member through the proxy; returns their token cookie and the bookmark the reply set. */
async function register() {
  const reply = await send("/member/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: `r-${Math.random().toString(36).slice(2)}@example.com`,
      password: "Lotus2026",
      name: "讀者",
    }),
  });
  expect(await codeOf(reply)).toBe(1);
  const token = cookiesOf(reply)
    .find((cookie) => cookie.startsWith("bookstore_token="))
    ?.split(";")[0];
  return { token: token as string, bookmark: bookmarkOf(reply) as string };
}

describe("the D1 bookmark cookie through the proxy", () => {
  it("a write opens its session at the primary and hands the bookmark back in an HttpOnly cookie", async () => {
    const reply = await send("/member/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "new-reader@example.com", password: "Lotus2026", name: "讀者" }),
    });
    expect(opened).toEqual(["first-primary"]);
    expect(cookiesOf(reply)).toContainEqual(
      expect.stringMatching(/^bookstore_d1_bookmark=[0-9a-f-]{59}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/),
    );
  });

  it("a guest's catalogue GET reads any replica and neither reads nor sets the cookie", async () => {
    const { bookmark } = await register();
    opened = [];
    const reply = await send("/products?page=1", { headers: { Cookie: `bookstore_d1_bookmark=${bookmark}` } });
    expect(await codeOf(reply)).toBe(1);
    expect(opened).toEqual(["first-unconstrained"]);
    expect(cookiesOf(reply)).toEqual([]);
  });

  it("a guest's other GET sets no cookie either", async () => {
    const reply = await send("/member/profile");
    expect(await codeOf(reply)).toBe(3);
    expect(opened).toEqual(["first-unconstrained"]);
    expect(cookiesOf(reply)).toEqual([]);
  });

  it("a member's read opens at their bookmark and hands back the new one", async () => {
    const { token, bookmark } = await register();
    opened = [];
    const reply = await send("/member/profile", { headers: { Cookie: `${token}; bookstore_d1_bookmark=${bookmark}` } });
    expect(await codeOf(reply)).toBe(1);
    expect(opened).toEqual([bookmark]);
    expect(bookmarkOf(reply)).toMatch(/^[0-9a-f]{8}-/);
    expect(bookmarkOf(reply)).not.toBe(bookmark);
  });

  it("a member without a bookmark, or with a malformed one, reads from the primary", async () => {
    const { token } = await register();
    for (const cookie of [token, `${token}; bookstore_d1_bookmark=not-a-bookmark`]) {
      opened = [];
      const reply = await send("/member/profile", { headers: { Cookie: cookie } });
      expect(await codeOf(reply), cookie).toBe(1);
      expect(opened, cookie).toEqual(["first-primary"]);
      expect(bookmarkOf(reply), cookie).toMatch(/^[0-9a-f]{8}-/);
    }
  });

  it("is cleared with the token at logout and on code 3", async () => {
    const { token, bookmark } = await register();
    for (const cookie of [`${token}; bookstore_d1_bookmark=${bookmark}`, "bookstore_token=forged-token-0123456789"]) {
      const reply = await send("/member/logout", { headers: { Cookie: cookie } });
      expect(cookiesOf(reply), cookie).toEqual([
        "bookstore_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
        "bookstore_session=; Path=/; Max-Age=0; SameSite=Lax",
        "bookstore_d1_bookmark=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
      ]);
    }
  });

  it("over https is __Host-bookstore_d1_bookmark and Secure, read under that name only", async () => {
    const reply = await send(
      "/member/register",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "secure-reader@example.com", password: "Lotus2026", name: "讀者" }),
      },
      "https://shop.example",
    );
    const cookies = cookiesOf(reply);
    expect(cookies).toContainEqual(
      expect.stringMatching(/^__Host-bookstore_d1_bookmark=[0-9a-f-]{59}; Path=\/;.*; Secure$/),
    );
    const token = cookies.find((c) => c.startsWith("__Host-bookstore_token="))?.split(";")[0] as string;
    const bookmark = cookies
      .find((c) => c.startsWith("__Host-"))
      ?.split(";")[0]
      ?.split("=")[1];
    opened = [];
    await send(
      "/member/profile",
      { headers: { Cookie: `${token}; bookstore_d1_bookmark=${bookmark}` } },
      "https://shop.example",
    );
    expect(opened).toEqual(["first-primary"]);
  });
});
