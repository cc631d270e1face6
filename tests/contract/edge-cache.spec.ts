// The storefront's edge cache seen over HTTP: catalogue hits, member data never cached, nothing personal shared.
// (Staleness and origin failures are tested in workerd with a controlled clock: worker/cache/edge-cache.test.ts.)
import { expect, test } from "@playwright/test";

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

test("the query order does not split the cache", async ({ request }) => {
  const limit = 1 + Math.floor(Math.random() * 24);
  const first = await request.get(`${api}/products/8/related?limit=${limit}&x=1`);
  test.skip(!first.headers()["x-cache"], "not talking to the storefront's edge proxy");
  const second = await request.get(`${api}/products/8/related?x=1&limit=${limit}`);
  expect(second.headers()["x-cache"]).toBe("HIT");
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
