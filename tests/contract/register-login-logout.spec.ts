// Contract tests of sign-up, sign-in, sign-out and the profile, through the storefront's proxy.
// Operations: registerMember, loginMember, logoutMember (getMemberProfile to see the session).

import { expectMatchesContract } from "../support/openapi";
import { type APIRequestContext, expect, test } from "../support/test";

const api = "/api/frontend";
const DEMO = { email: "demo@example.com", password: "Demo1234" };

/** Signs in; through the storefront the token arrives as an HttpOnly cookie, from a bare API in the body. */
async function signIn(request: APIRequestContext, credentials = DEMO) {
  const res = await request.post(`${api}/member/login`, { data: credentials });
  const body = await res.json();
  expectMatchesContract("/member/login", "post", res.status(), body);
  const token: string | undefined = body.data?.token;
  return { res, body, headers: token ? { Authorization: `Bearer ${token}` } : undefined };
}

test("the demo member signs in, reads the profile and signs out", async ({ request }) => {
  const { res, body, headers } = await signIn(request);
  expect(res.status()).toBe(200);
  expect(body.code).toBe(1);
  expect(new Date(body.data.expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

  const profile = await request.get(`${api}/member/profile`, { headers });
  const profileBody = await profile.json();
  expectMatchesContract("/member/profile", "get", profile.status(), profileBody);
  expect(profileBody.data).toMatchObject({ email: "demo@example.com", name: "林靜宜" });

  const logout = await request.get(`${api}/member/logout`, { headers });
  expectMatchesContract("/member/logout", "get", logout.status(), await logout.json());
  const after = await request.get(`${api}/member/profile`, { headers });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ code: 3, message: expect.stringMatching(/\S/) });
});

test("the storefront keeps the token in an HttpOnly, SameSite=Lax cookie and out of the body", async ({ request }) => {
  const { res, body } = await signIn(request);
  test.skip(body.data?.token !== undefined, "talking to a bare API, not through the storefront proxy");
  const cookie = res
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && /bookstore_token=/.test(h.value));
  expect(cookie?.value).toMatch(/^bookstore_token=[\w-]{20,}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);
  expect(JSON.stringify(body)).not.toMatch(/token/);
});

test("a code-3 reply clears the token cookie", async ({ request, baseURL }) => {
  const res = await request.get(`${api}/member/profile`, {
    headers: { Cookie: "bookstore_token=expired-or-forged-token-123" },
  });
  expect(res.status()).toBe(401);
  expect((await res.json()).code).toBe(3);
  test.skip(!baseURL?.includes("127.0.0.1"), "cookie handling belongs to the storefront proxy");
  expect(res.headers()["set-cookie"]).toMatch(/bookstore_token=; Path=\/; Max-Age=0/);
});

test("registering creates a member who is signed in; the same e-mail cannot register twice", async ({ request }) => {
  const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const first = await request.post(`${api}/member/register`, {
    data: { email, password: "Lotus2026", name: "林書友" },
  });
  const firstBody = await first.json();
  expectMatchesContract("/member/register", "post", first.status(), firstBody);
  expect(firstBody.code).toBe(1);
  const headers = firstBody.data.token ? { Authorization: `Bearer ${firstBody.data.token}` } : undefined;
  const profile = await (await request.get(`${api}/member/profile`, { headers })).json();
  expect(profile.data).toMatchObject({ email, name: "林書友" });

  const again = await request.post(`${api}/member/register`, {
    data: { email: email.toUpperCase(), password: "Lotus2026", name: "某人" },
  });
  expect(again.status()).toBe(409);
  const againBody = await again.json();
  expectMatchesContract("/member/register", "post", 409, againBody);
  expect(againBody).toEqual({ code: 6, message: "這個電子郵件已經註冊過了" });
});

test("a wrong password gets code 2; five failures in a row get code 7", async ({ request }) => {
  const email = `locked-${Date.now()}@example.com`;
  await request.post(`${api}/member/register`, { data: { email, password: "Right1234", name: "測試" } });
  for (let i = 0; i < 5; i++) {
    const res = await request.post(`${api}/member/login`, { data: { email, password: "Wrong1234" } });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ code: 2, message: "電子郵件或密碼錯誤" });
  }
  const locked = await request.post(`${api}/member/login`, { data: { email, password: "Right1234" } });
  expect(locked.status()).toBe(429);
  const body = await locked.json();
  expectMatchesContract("/member/login", "post", 429, body);
  expect(body.code).toBe(7);
});

test("20 wrong passwords sent at once: 5 are checked (code 2), the rest are code 7", async ({ request }) => {
  const email = `burst-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await request.post(`${api}/member/register`, { data: { email, password: "Right1234", name: "測試" } });
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => request.post(`${api}/member/login`, { data: { email, password: "Wrong1234" } })),
  );
  const bodies = await Promise.all(replies.map((r) => r.json()));
  const checked = bodies.filter((b) => b.code === 2);
  const throttled = replies.filter((r, i) => r.status() === 429 && bodies[i].code === 7);
  expect(checked).toHaveLength(5);
  for (const body of checked) expect(body).toEqual({ code: 2, message: "電子郵件或密碼錯誤" });
  expect(throttled).toHaveLength(15);
  // The owner's right password is refused too while the window lasts.
  const owner = await request.post(`${api}/member/login`, { data: { email, password: "Right1234" } });
  expect((await owner.json()).code).toBe(7);
});

test("an unknown e-mail is answered exactly like a wrong password", async ({ request }) => {
  const known = `known-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await request.post(`${api}/member/register`, { data: { email: known, password: "Right1234", name: "測試" } });
  const wrong = await request.post(`${api}/member/login`, { data: { email: known, password: "Wrong1234" } });
  const unknown = await request.post(`${api}/member/login`, {
    data: {
      email: `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: "Wrong1234",
    },
  });
  const wrongBody = await wrong.json();
  expect(wrongBody).toEqual({ code: 2, message: "電子郵件或密碼錯誤" });
  expect(unknown.status()).toBe(wrong.status());
  expect(await unknown.json()).toEqual(wrongBody);
  expectMatchesContract("/member/login", "post", unknown.status(), wrongBody);
});

const badBodies: [string, string, unknown][] = [
  ["login without a password", "/member/login", { email: "demo@example.com" }],
  ["login with a number as e-mail", "/member/login", { email: 12345, password: "Demo1234" }],
  ["login with an SQL payload", "/member/login", { email: "' OR 1=1 --", password: "x' OR '1'='1" }],
  ["register with a short password", "/member/register", { email: "a@example.com", password: "abc1", name: "甲" }],
  [
    "register with symbols in the password",
    "/member/register",
    { email: "a@example.com", password: "Demo1234!", name: "甲" },
  ],
  ["register with an empty name", "/member/register", { email: "a@example.com", password: "Demo1234", name: "" }],
  ["register with an array body", "/member/register", [1, 2, 3]],
];

for (const [label, path, data] of badBodies) {
  test(`${label}: code 2 with a Chinese message`, async ({ request }) => {
    const res = await request.post(`${api}${path}`, { data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expectMatchesContract(path, "post", 400, body);
  });
}

test("a body that is not JSON gets code 2", async ({ request }) => {
  const res = await request.post(`${api}/member/login`, {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ code: 2, message: "請求內容不是有效的 JSON" });
});

test("a JSON value that is not an object gets code 2", async ({ request }) => {
  const res = await request.post(`${api}/member/login`, {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from('"just a string"'),
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ code: 2, message: "請求內容必須是 JSON 物件" });
});

test("a huge body gets code 2 and HTTP 413, never a 500", async ({ request }) => {
  const res = await request.post(`${api}/member/login`, {
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify({ email: "a@example.com", password: "x".repeat(200_000) }),
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).code).toBe(2);
});

test("member endpoints without a session get code 3", async ({ request }) => {
  for (const path of ["/member/profile", "/member/logout"]) {
    const res = await request.get(`${api}${path}`);
    expect(res.status(), path).toBe(401);
    expect(await res.json()).toEqual({ code: 3, message: "請先登入會員" });
  }
});
