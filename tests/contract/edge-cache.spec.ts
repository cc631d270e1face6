// The storefront's edge cache seen over HTTP: catalogue hits, guest documents, member data never cached, nothing
// personal shared.
// (Staleness and origin failures are tested in workerd with a controlled clock: worker/cache/edge-cache.test.ts.)
// Named by what it checks, not by an operation: it covers catalogue, member and document replies.

import { registerMember } from "../support/fixtures";
import { type APIRequestContext, expect, test } from "../support/test";

const api = "/api/frontend";
const DEMO = { email: "demo@example.com", password: "Demo1234" };

test("a catalogue GET is stored at the edge and served from it the second time", async ({ request }) => {
  const url = `${api}/products/7/related?limit=${1 + Math.floor(Math.random() * 24)}`;
  const first = await request.get(url);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  expect(first.headers()["x-cache"]).toBe("MISS");
  const second = await request.get(url);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(await second.json()).toEqual(await first.json());
  expect(second.headers()["cache-control"]).toMatch(/^public, max-age=60, stale-while-revalidate=\d+/);
});

test("a HEAD is answered from the GET's entry, and a HEAD's miss fills it for GETs", async ({ request }) => {
  const q = encodeURIComponent(`禪${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  const get = await request.get(`${api}/search?q=${q}`);
  test.skip(!get.headers()["x-cache"], "not talking to the storefront's edge proxy");
  const head = await request.head(`${api}/search?q=${q}&x=random`);
  expect(head.status()).toBe(200);
  expect(head.headers()["x-cache"]).toBe("HIT");
  expect(await head.body()).toHaveLength(0);

  const other = encodeURIComponent(`慈${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  expect((await request.head(`${api}/search?q=${other}`)).headers()["x-cache"]).toBe("MISS");
  const after = await request.get(`${api}/search?q=${other}`);
  expect(after.headers()["x-cache"]).toBe("HIT");
  expect((await after.json()).code).toBe(1);
});

test("an id written with leading zeros shares the id's entry, and its page moves to the one address", async ({
  request,
}) => {
  const id = 20 + Math.floor(Math.random() * 30);
  const first = await request.get(`${api}/products/${id}/related?limit=3`);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  for (const padded of [`0${id}`, `000${id}`]) {
    const again = await request.get(`${api}/products/${padded}/related?limit=3`);
    expect(again.headers()["x-cache"], padded).toBe("HIT");
    expect(await again.json()).toEqual(await first.json());
  }
  const moved = await request.get(`/product/0${id}?x=1`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/product/${id}?x=1`);
});

test("the query order does not split the cache", async ({ request }) => {
  const limit = 1 + Math.floor(Math.random() * 24);
  const first = await request.get(`${api}/products/8/related?limit=${limit}&x=1`);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  const second = await request.get(`${api}/products/8/related?x=1&limit=${limit}`);
  expect(second.headers()["x-cache"]).toBe("HIT");
});

test("junk parameters, another order and written-out defaults share the cached entry", async ({ request }) => {
  const q = encodeURIComponent(`心經${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  const first = await request.get(`${api}/search?q=${q}&sort=newest&page=2`);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  expect(first.headers()["x-cache"]).toBe("MISS");
  for (const same of [
    `?q=${q}&sort=newest&page=2&x=random`,
    `?page=2&x=${Math.random()}&sort=newest&q=${q}`,
    `?utm_source=mail&page=02&per_page=24&q=+${q}+&sort=newest`,
  ]) {
    const again = await request.get(`${api}/search${same}`);
    expect(again.headers()["x-cache"], same).toBe("HIT");
    expect(await again.json()).toEqual(await first.json());
  }
  // A parameter the endpoint defines still makes its own entry.
  expect((await request.get(`${api}/search?q=${q}&sort=newest&page=3`)).headers()["x-cache"]).toBe("MISS");
});

test("a number is read only in decimal digits, so no other spelling of it can miss the cache", async ({ request }) => {
  const q = encodeURIComponent(`心經${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  const first = await request.get(`${api}/search?q=${q}&page=2&per_page=12`);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  for (const query of [
    "page=0x2&per_page=12",
    "page=2e0&per_page=12",
    "page=2.0&per_page=12",
    "page=0b10&per_page=12",
    "page=2&per_page=12.0",
    "page=2&per_page=%2B12",
  ]) {
    const res = await request.get(`${api}/search?q=${q}&${query}`);
    expect(res.status(), query).toBe(400);
    expect(await res.json(), query).toEqual({ code: 2, message: expect.stringMatching(/必須是 1 到 \d+ 的整數/) });
  }
  expect((await request.get(`${api}/search?q=${q}&page=02&per_page=%2012%20`)).headers()["x-cache"]).toBe("HIT");
});

test("error replies are not stored", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.get(`${api}/products/987654321`);
    expect(res.status()).toBe(404);
    if (res.headers()["x-cache"]) expect(res.headers()["x-cache"]).toBe("MISS");
    expect(res.headers()["cache-control"]).toBe("no-store");
  }
});

test("member data is never cached and each member sees their own", async ({ playwright, baseURL }) => {
  const demo = await playwright.request.newContext({ baseURL });
  const other = await playwright.request.newContext({ baseURL });
  try {
    await demo.post(`${api}/member/login`, { data: DEMO });
    const email = `cache-${Date.now()}@example.com`;
    await other.post(`${api}/member/register`, { data: { email, password: "Lotus2026", name: "另一位讀者" } });
    for (let i = 0; i < 2; i++) {
      const mine = await demo.get(`${api}/member/profile`);
      const theirs = await other.get(`${api}/member/profile`);
      expect((await mine.json()).data.email).toBe(DEMO.email);
      expect((await theirs.json()).data.email).toBe(email);
      for (const res of [mine, theirs]) {
        expect(res.headers()["cache-control"]).toBe("private, no-store");
        expect(res.headers()["x-cache"]).toBeUndefined();
      }
    }
  } finally {
    await demo.dispose();
    await other.dispose();
  }
});

test("a signed-in member gets the same public catalogue reply, without cookies set", async ({
  playwright,
  baseURL,
}) => {
  const member = await playwright.request.newContext({ baseURL });
  const guest = await playwright.request.newContext({ baseURL });
  try {
    await member.post(`${api}/member/login`, { data: DEMO });
    const limit = 1 + Math.floor(Math.random() * 24);
    const asMember = await member.get(`${api}/products/9/related?limit=${limit}`);
    const asGuest = await guest.get(`${api}/products/9/related?limit=${limit}`);
    expect(await asGuest.json()).toEqual(await asMember.json());
    expect(asMember.headers()["set-cookie"]).toBeUndefined();
    expect(asGuest.headers()["set-cookie"]).toBeUndefined();
  } finally {
    await member.dispose();
    await guest.dispose();
  }
});

// Guest documents (worker/cache/documents.ts): public pages for readers without the token cookie.
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const asReader = { "User-Agent": CHROME_UA };
const uniqueSearch = () => `/search?q=${encodeURIComponent(`生活${Date.now()}${Math.floor(Math.random() * 1e6)}`)}`;

/** The nonce of a reply's CSP header. */
const cspNonce = (headers: Record<string, string>) =>
  /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
// HTMLRewriter writes a rewritten self-closing tag as `… />`: that space is not a difference.
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, " nonce").replace(/ \/>/g, "/>");

/** The miss is stored while it streams (waitUntil): ask again until the stored copy answers. */
async function getUntilHit(request: APIRequestContext, url: string) {
  for (let i = 0; i < 20; i++) {
    const res = await request.get(url, { headers: asReader });
    if (res.headers()["x-cache"] === "HIT") return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was never served from the edge cache`);
}

test("a guest's page is rendered once, then served from the edge with this reply's nonce", async ({ request }) => {
  const url = uniqueSearch();
  const miss = await request.get(url, { headers: asReader });
  test.skip(!miss.headers()["x-cache"], "not talking to the storefront's edge cache");
  expect(miss.headers()["x-cache"]).toBe("MISS");
  const missBody = await miss.text();
  const hit = await getUntilHit(request, url);
  const again = await request.get(url, { headers: asReader });
  expect(again.headers()["x-cache"]).toBe("HIT");
  for (const reply of [miss, hit, again]) {
    const nonce = cspNonce(reply.headers());
    expect(nonce).toBeTruthy();
    const found = noncesIn(await reply.text());
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set([nonce]));
  }
  expect(cspNonce(hit.headers())).not.toBe(cspNonce(again.headers()));
  expect(await hit.text()).not.toContain(cspNonce(miss.headers()));
  expect(withoutNonces(await hit.text())).toBe(withoutNonces(missBody));
});

test("/product/1 twice: the second comes from the edge; junk parameters share its entry", async ({ request }) => {
  const first = await request.get("/product/1", { headers: asReader });
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge cache");
  // Other tests may have asked for it already, more than a minute ago too (then it is served stale, and refreshed).
  expect(["MISS", "HIT", "STALE"]).toContain(first.headers()["x-cache"]);
  await getUntilHit(request, "/product/1");
  for (const junk of ["?x=random", `?utm_source=mail&x=${Math.random()}`]) {
    expect((await request.get(`/product/1${junk}`, { headers: asReader })).headers()["x-cache"], junk).toBe("HIT");
  }
  const url = uniqueSearch();
  await getUntilHit(request, url);
  expect((await request.get(`${url}&x=random`, { headers: asReader })).headers()["x-cache"]).toBe("HIT");
  // A HEAD shares the entry and gets no body.
  const head = await request.head(`${url}&x=other`, { headers: asReader });
  expect(head.headers()["x-cache"]).toBe("HIT");
  expect(await head.body()).toHaveLength(0);
});

test("a guest's page with its parameters in another order and junk added is the same entry", async ({ request }) => {
  const url = `${uniqueSearch()}&sort=price_asc&page=2`;
  const miss = await request.get(url, { headers: asReader });
  test.skip(!miss.headers()["x-cache"], "not talking to the storefront's edge cache");
  await getUntilHit(request, url);
  const [path, query = ""] = url.split("?");
  const reordered = `${path}?x=random&${query.split("&").reverse().join("&")}`;
  expect((await request.get(reordered, { headers: asReader })).headers()["x-cache"]).toBe("HIT");
  // The page number as the page reads it: 02 is page 2, and junk is the first page.
  expect((await request.get(url.replace("page=2", "page=02"), { headers: asReader })).headers()["x-cache"]).toBe("HIT");
  const first = url.replace("&page=2", "");
  await getUntilHit(request, first);
  for (const junk of ["abc", "0x2", String(Math.random())]) {
    const res = await request.get(`${first}&page=${junk}`, { headers: asReader });
    expect(res.headers()["x-cache"], junk).toBe("HIT");
  }
});

test("a page's single-fetch data request is cached for guests", async ({ request }) => {
  const url = uniqueSearch().replace("/search?", "/search.data?");
  const miss = await request.get(url, { headers: asReader });
  test.skip(!miss.headers()["x-cache"], "not talking to the storefront's edge cache");
  expect(miss.headers()["x-cache"]).toBe("MISS");
  expect(miss.headers()["content-type"]).toContain("text/x-script");
  const hit = await getUntilHit(request, url);
  expect(await hit.text()).toBe(await miss.text());
});

test("a member's public pages come from the guests' edge entry; their own screens never do (issue 25)", async ({
  playwright,
  baseURL,
}) => {
  const member = await playwright.request.newContext({ baseURL });
  try {
    const probe = await member.get("/product/1", { headers: asReader });
    test.skip(!probe.headers()["x-cache"], "not talking to the storefront's edge cache");
    const { email } = await registerMember(member);
    for (const path of ["/product/1", "/", "/product/1.data", uniqueSearch()]) {
      const hit = await getUntilHit(member, path);
      // Rendered for a guest: nothing of this member is in the shared bytes, and they are never private to one.
      const text = await hit.text();
      expect(text, path).not.toContain(email);
      expect(hit.headers()["cache-control"] ?? "", path).not.toMatch(/private/);
      expect(hit.headers()["set-cookie"], path).toBeUndefined();
    }
    for (const path of ["/member/profile", "/member/orders", "/member/favorites", "/cart", "/cart?checkout=0"]) {
      for (let i = 0; i < 2; i++) {
        const res = await member.get(path, { headers: asReader });
        expect(res.status(), path).toBe(200);
        expect(res.headers()["x-cache"], path).toBeUndefined();
        expect(res.headers()["cache-control"], path).toBe("private, no-store");
      }
    }
  } finally {
    await member.dispose();
  }
});

test("the cart and sign-in pages are never cached, and a guest's browser is told so too", async ({ request }) => {
  for (const path of ["/cart", "/cart?checkout=0", "/cart.data", "/login", "/register", "/recovery", "/order-search"]) {
    for (let i = 0; i < 2; i++) {
      const res = await request.get(path, { headers: asReader, maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(400);
      expect(res.headers()["x-cache"], path).toBeUndefined();
      expect(res.headers()["cache-control"], path).toBe("private, no-store");
    }
  }
});
