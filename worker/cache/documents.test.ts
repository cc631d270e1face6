// Guest documents from the edge cache, run in workerd through Miniflare (the real Cache API and HTMLRewriter) with
// a stand-in renderer: hits, the nonce of each reply, members, failing puts and combined revalidations.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./miniflare-harness";
import { CACHE_POLICIES } from "./policies";

let mf: Miniflare;
const T0 = 1_800_000_000_000;
const short = CACHE_POLICIES.short;

beforeAll(async () => {
  mf = await startHarness(new URL("./documents.harness.ts", import.meta.url), "documents-harness");
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

let counter = 0;
/** A product page nobody has asked for yet. */
const freshProductPath = () => `/product/${1000 + ++counter}`;
/** A nonce as Hono's secure headers make one: 16 random bytes in base64 (24 characters, with + / =). */
const nonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

interface Options {
  at?: number;
  render?: string;
  put?: string;
  cookie?: string;
  build?: string;
  method?: string;
  /** This reply's nonce. */
  sent?: string;
}

async function get(
  path: string,
  { at = T0, render = "ok", put = "ok", cookie, build = "build-1", method = "GET", sent = nonce() }: Options = {},
) {
  const res = await mf.dispatchFetch(`http://shop.test${path}`, {
    method,
    headers: {
      "x-nonce": sent,
      "x-now": String(at),
      "x-render": render,
      "x-put": put,
      "x-build": build,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  const body = await res.text();
  return { sent, status: res.status, cache: res.headers.get("X-Cache"), headers: res.headers, body };
}

async function renders(): Promise<number> {
  return ((await (await mf.dispatchFetch("http://shop.test/__renders")).json()) as { renders: number }).renders;
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
// HTMLRewriter writes a rewritten self-closing tag as `… />`: that space is not a difference.
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, " nonce").replace(/ \/>/g, "/>");

describe("guest documents from the edge cache", () => {
  it("renders once, then serves the stored page with each reply's own nonce", async () => {
    const path = freshProductPath();
    const before = await renders();
    const miss = await get(path);
    const hit1 = await get(path, { at: T0 + 1_000 });
    const hit2 = await get(path, { at: T0 + 2_000 });
    expect([miss.cache, hit1.cache, hit2.cache]).toEqual(["MISS", "HIT", "HIT"]);
    expect((await renders()) - before).toBe(1);
    for (const reply of [miss, hit1, hit2]) {
      const found = noncesIn(reply.body);
      expect(found).toHaveLength(4);
      expect(new Set(found)).toEqual(new Set([reply.sent]));
    }
    expect(hit1.sent).not.toBe(hit2.sent);
    expect(withoutNonces(hit1.body)).toBe(withoutNonces(miss.body));
    expect(hit1.body).not.toContain(miss.sent);
    // The nonce a page was stored with stays inside the worker.
    for (const reply of [miss, hit1, hit2]) expect(reply.headers.has("X-Render-Nonce")).toBe(false);
  });

  it("restamps a page stored with a nonce too short to overwrite as bytes by setting each nonce attribute (HTMLRewriter)", async () => {
    const path = freshProductPath();
    const miss = await get(path, { sent: "short" });
    const hit = await get(path, { at: T0 + 1_000 });
    expect([miss.cache, hit.cache]).toEqual(["MISS", "HIT"]);
    expect(new Set(noncesIn(hit.body))).toEqual(new Set([hit.sent]));
    expect(noncesIn(hit.body)).toHaveLength(4);
    expect(hit.headers.has("X-Render-Nonce")).toBe(false);
  });

  it("on that path only the rendered nonce's elements get the reply's; a nonce planted in the page is taken off", async () => {
    const path = freshProductPath();
    await get(path, { sent: "short", render: "planted" });
    const hit = await get(path, { at: T0 + 1_000 });
    expect(hit.cache).toBe("HIT");
    expect(noncesIn(hit.body)).toEqual([hit.sent, hit.sent, hit.sent, hit.sent]);
    expect(hit.body).toContain("<script>alert(1)</script>");
  });

  it("drops junk parameters and the order of known ones from the key, and renders the normalised URL", async () => {
    const miss = await get("/search?x=random&sort=price_asc&q=%E7%94%9F%E6%B4%BB&utm_source=mail");
    expect(miss.cache).toBe("MISS");
    expect(miss.body).toContain(`of /search?q=${encodeURIComponent("生活")}&sort=price_asc<`);
    const junk = await get(`/search?q=${encodeURIComponent("生活")}&sort=price_asc&x=other`);
    expect(junk.cache).toBe("HIT");
  });

  it("answers a HEAD from the GET's entry without a body, and a HEAD's miss stores the page for GETs", async () => {
    const path = freshProductPath();
    const before = await renders();
    const miss = await get(path);
    const head = await get(path, { method: "HEAD", at: T0 + 1_000 });
    expect([miss.cache, head.cache]).toEqual(["MISS", "HIT"]);
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.get("Content-Type")).toContain("text/html");

    const other = freshProductPath();
    const headFirst = await get(other, { method: "HEAD" });
    expect(headFirst.cache).toBe("MISS");
    expect(headFirst.body).toBe("");
    const after = await get(other, { at: T0 + 1_000 });
    expect(after.cache).toBe("HIT");
    expect(after.body).toContain(`of ${other}<`);
    expect((await renders()) - before).toBe(2);
  });

  it("keys by build, so a new build renders its own page", async () => {
    const path = freshProductPath();
    await get(path, { build: "build-1" });
    expect((await get(path, { build: "build-2" })).cache).toBe("MISS");
    expect((await get(path, { build: "build-2" })).cache).toBe("HIT");
  });

  it("serves a member the public page from the guests' entry, rendered without the member's cookies", async () => {
    const path = freshProductPath();
    const first = await get(path, { cookie: "theme=dark; __Host-bookstore_token=abc" });
    expect(first.cache).toBe("MISS");
    expect(first.body).toContain("cookies: none");
    const before = await renders();
    for (let i = 0; i < 2; i++) {
      // Off localhost the token cookie has its __Host- name (app/http/cookies.ts).
      const member = await get(path, { cookie: "theme=dark; __Host-bookstore_token=abc", at: T0 + 1_000 });
      expect(member.cache).toBe("HIT");
      expect(member.body).toContain(`of ${path}<`);
    }
    expect((await renders()) - before).toBe(0);
  });

  it("never caches a member's screen, and marks it private", async () => {
    for (let i = 0; i < 2; i++) {
      const member = await get("/member/profile", { cookie: "__Host-bookstore_token=abc" });
      expect(member.cache).toBeNull();
      expect(member.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("never caches pages the registry does not mark public, nor replies that set a cookie or fail", async () => {
    for (const path of ["/cart", "/login", "/member/profile", "/order-search"]) {
      expect((await get(path)).cache, path).toBeNull();
      expect((await get(path)).cache, path).toBeNull();
    }
    for (const render of ["cookie", "500"]) {
      const path = freshProductPath();
      expect((await get(path, { render })).cache, render).toBe("MISS");
      expect((await get(path, { render })).cache, render).toBe("MISS");
    }
  });

  it("still replies when the cache's put fails, and stores nothing", async () => {
    const path = freshProductPath();
    const miss = await get(path, { put: "fail" });
    expect(miss.status).toBe(200);
    expect(miss.cache).toBe("MISS");
    expect(miss.body).toContain("</html>");
    expect((await get(path, { at: T0 + 1_000 })).cache).toBe("MISS");
  });

  it("combines the revalidations of one key", async () => {
    const path = freshProductPath();
    await get(path);
    const staleAt = T0 + (short.maxAgeSeconds + 5) * 1000;
    const before = await renders();
    const replies = await Promise.all([1, 2, 3].map(() => get(path, { at: staleAt, render: "slow" })));
    expect(replies.map((r) => r.cache)).toEqual(["STALE", "STALE", "STALE"]);
    for (const reply of replies) expect(new Set(noncesIn(reply.body))).toEqual(new Set([reply.sent]));
    expect((await renders()) - before).toBe(1);
    const after = await get(path, { at: staleAt + 1_000 });
    expect(after.cache).toBe("HIT");
    expect(new Set(noncesIn(after.body))).toEqual(new Set([after.sent]));
  });

  it.each(["500", "503"])(
    "serves the stored page when a render fails (%s) past the revalidation window",
    async (render) => {
      const path = freshProductPath();
      await get(path);
      const late = T0 + (short.maxAgeSeconds + short.staleWhileRevalidateSeconds + 60) * 1000;
      const reply = await get(path, { at: late, render });
      expect(reply.cache).toBe("STALE-IF-ERROR");
      expect(reply.status).toBe(200);
      expect(new Set(noncesIn(reply.body))).toEqual(new Set([reply.sent]));
    },
  );
});
