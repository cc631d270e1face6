// The API (/api/frontend) when its origin hangs, is slow, fails or answers garbage (the stand-in origin's modes): the
// envelope with code 5, HTTP 502 or 504 and Retry-After, as the contract documents it, within the timeout; never a
// hang and never plain text. Catalogue replies seen before keep being served from the edge.

import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";
import { API, FAILING_MODES, setFault, signInAtPlainStorefront, WITHIN_TIMEOUT_MS } from "./support/faults";

test.beforeEach(async () => {
  await setFault("pass");
});

test.afterAll(async () => {
  await setFault("pass");
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("in pass mode replies come through as the origin gave them", async ({ request }) => {
  const res = await request.get(`${API}/search?q=${encodeURIComponent(`佛${unique()}`)}`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.code).toBe(1);
  expectMatchesContract("/search", "get", 200, body);
});

for (const { mode, status } of FAILING_MODES) {
  test(`origin ${mode}: a catalogue GET, a member GET and a cart POST answer code 5 with HTTP ${status}, in time`, async ({
    request,
  }) => {
    await signInAtPlainStorefront(request);
    await setFault(mode);
    const calls = [
      { path: "/search", method: "get" as const, send: () => request.get(`${API}/search?q=${unique()}`) },
      { path: "/member/profile", method: "get" as const, send: () => request.get(`${API}/member/profile`) },
      {
        path: "/cart/summary",
        method: "post" as const,
        send: () => request.post(`${API}/cart/summary`, { data: { id_list: [1, 2] } }),
      },
    ];
    // One after another, so each is timed on its own.
    for (const call of calls) {
      const started = Date.now();
      const res = await call.send();
      expect(Date.now() - started, `${call.path} in time`).toBeLessThan(WITHIN_TIMEOUT_MS);
      expect(res.status(), call.path).toBe(status);
      expect(res.headers()["content-type"]).toMatch(/^application\/json/);
      expect(res.headers()["retry-after"]).toBe("30");
      expect(res.headers()["cache-control"]).toMatch(/no-store/);
      const body = await res.json();
      expect(body).toEqual({ code: 5, message: "暫時無法取得資料，請稍後再試" });
      expectMatchesContract(call.path, call.method, status, body);
    }
    // A failing origin is not a lost session: the token cookie is not cleared.
    await setFault("pass");
    expect((await (await request.get(`${API}/member/profile`)).json()).code).toBe(1);
  });
}

test("a catalogue reply seen before is served from the edge while the origin fails", async ({ request }) => {
  const path = `${API}/products/${50 + Math.floor(Math.random() * 40)}/related?limit=3`;
  const first = await request.get(path);
  expect((await first.json()).code).toBe(1);
  for (const mode of ["hang", "500", "broken-json"]) {
    await setFault(mode);
    const res = await request.get(path);
    expect(res.status(), mode).toBe(200);
    expect(res.headers()["x-cache"], mode).toMatch(/^(HIT|STALE|STALE-IF-ERROR)$/);
    expect(await res.json()).toEqual(await first.json());
  }
});

test("a failed reply is never stored: the same GET works again once the origin is back", async ({ request }) => {
  const path = `${API}/search?q=${unique()}`;
  await setFault("wrong-envelope");
  expect((await request.get(path)).status()).toBe(502);
  await setFault("pass");
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()["x-cache"]).toBe("MISS");
  expect((await res.json()).code).toBe(1);
});
