// Contract tests of recovery, sign-in through another provider, subscriptions and the bookcase.
// Recovery reads the mailed code from the storefront's development mailbox, and OAuth talks to the stand-in
// provider of the test run; both are skipped against an outside server (CONTRACT_BASE_URL).
// Operations: requestRecoveryCode, resetPassword, exchangeOAuthCode, completeOAuthRegistration (and getEnv's
// providers), getMemberSubscriptions, updateMemberSubscriptions, getMemberBookcase.

import { API as api, registerMember } from "../support/fixtures";
import { mailboxHolding, mailedRecoveryCode as mailedCode, RECOVERY, settledMailbox } from "../support/mailbox";
import { expectMatchesContract } from "../support/openapi";
import { TEST_OAUTH_PROVIDER } from "../support/servers";
import { expect, test } from "../support/test";

const outside = !!process.env.CONTRACT_BASE_URL;

const uniqueEmail = () => `r-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe("recovery", () => {
  test.skip(outside, "needs the storefront's development mailbox");

  test("a mailed code resets the password, signs in, and ends the old sessions", async ({ playwright, baseURL }) => {
    const oldSession = await playwright.request.newContext({ baseURL });
    const fresh = await playwright.request.newContext({ baseURL });
    try {
      const { email } = await registerMember(oldSession, "Lotus2026");
      const ask = await fresh.post(`${api}/member/recovery/code`, { data: { email } });
      const askBody = await ask.json();
      expectMatchesContract("/member/recovery/code", "post", ask.status(), askBody);
      expect(askBody).toMatchObject({ code: 1, message: expect.stringContaining("驗證碼已寄出") });

      const code = await mailedCode(fresh, email);
      const reset = await fresh.post(`${api}/member/recovery/reset`, {
        data: { email, code, new_password: "Bodhi2027" },
      });
      const resetBody = await reset.json();
      expectMatchesContract("/member/recovery/reset", "post", reset.status(), resetBody);
      expect(resetBody.code).toBe(1);
      expect(JSON.stringify(resetBody)).not.toMatch(/token/);
      expect((await fresh.get(`${api}/member/profile`)).status()).toBe(200);
      expect((await oldSession.get(`${api}/member/profile`)).status()).toBe(401);

      // The code is spent, the old password is gone, the new one works.
      const again = await fresh.post(`${api}/member/recovery/reset`, {
        data: { email, code, new_password: "Bodhi2028" },
      });
      expect(await again.json()).toEqual({ code: 2, message: "驗證碼錯誤或已過期" });
      const oldLogin = await fresh.post(`${api}/member/login`, { data: { email, password: "Lotus2026" } });
      expect((await oldLogin.json()).code).toBe(2);
      const newLogin = await fresh.post(`${api}/member/login`, { data: { email, password: "Bodhi2027" } });
      expect((await newLogin.json()).code).toBe(1);
    } finally {
      await oldSession.dispose();
      await fresh.dispose();
    }
  });

  test("an unknown e-mail gets the same reply and no mail", async ({ request }) => {
    const email = uniqueEmail();
    const res = await request.post(`${api}/member/recovery/code`, { data: { email } });
    expect(await res.json()).toEqual({
      code: 1,
      message: "若此電子郵件已註冊，驗證碼已寄出，15 分鐘內有效",
      data: null,
    });
    expect(await settledMailbox(request, email)).toEqual([]);
  });

  test("asking twice within a minute mails one code", async ({ request }) => {
    const { email } = await registerMember(request);
    await request.post(`${api}/member/recovery/code`, { data: { email } });
    await request.post(`${api}/member/recovery/code`, { data: { email } });
    await mailboxHolding(request, email, 1, RECOVERY);
    expect(await settledMailbox(request, email, RECOVERY)).toHaveLength(1);
  });

  test("the fifth wrong code voids the code: the right one then fails too", async ({ request }) => {
    const { email } = await registerMember(request);
    await request.post(`${api}/member/recovery/code`, { data: { email } });
    const code = await mailedCode(request, email);
    const wrong = code === "0000000000" ? "0000000001" : "0000000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request.post(`${api}/member/recovery/reset`, {
        data: { email, code: wrong, new_password: "Bodhi2027" },
      });
      expect(res.status()).toBe(400);
      messages.push((await res.json()).message);
    }
    expect(messages).toEqual([...Array(4).fill("驗證碼錯誤或已過期"), "驗證碼錯誤次數過多，請重新取得驗證碼"]);
    const right = await request.post(`${api}/member/recovery/reset`, {
      data: { email, code, new_password: "Bodhi2027" },
    });
    expect(right.status()).toBe(400);
    expect(await right.json()).toEqual({ code: 2, message: "驗證碼錯誤或已過期" });
  });
});

// The caps per day and the pause: recovery-limits.spec.ts.

const badRecovery: [string, unknown][] = [
  ["/member/recovery/code", {}],
  ["/member/recovery/code", { email: "not-an-email" }],
  ["/member/recovery/code", { email: 12345 }],
  ["/member/recovery/code", { email: `${"a".repeat(250)}@example.com` }],
  ["/member/recovery/reset", { email: "demo@example.com", code: "123456", new_password: "Bodhi2027" }],
  ["/member/recovery/reset", { email: "demo@example.com", code: "abcdefghij", new_password: "Bodhi2027" }],
  ["/member/recovery/reset", { email: "demo@example.com", code: "1234567890", new_password: "short1" }],
  ["/member/recovery/reset", { email: "demo@example.com", code: "1234567890", new_password: "<script>x1</script>" }],
  ["/member/recovery/reset", { email: "' OR 1=1 --", code: "1234567890", new_password: "Bodhi2027" }],
];

for (const [i, [path, data]] of badRecovery.entries()) {
  test(`bad input ${i + 1}: POST ${path} ${JSON.stringify(data).slice(0, 60)} is code 2`, async ({ request }) => {
    const res = await request.post(`${api}${path}`, { data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expectMatchesContract(path, "post", 400, body);
  });
}

test.describe("sign-in through another provider", () => {
  test.skip(outside, "needs the test run's stand-in provider");
  const redirect_uri = "http://127.0.0.1/oauth/login";

  test("GET /env offers the configured provider with its sign-in page", async ({ request }) => {
    const body = await (await request.get(`${api}/env`)).json();
    expectMatchesContract("/env", "get", 200, body);
    const [provider] = body.data.oauth_providers;
    expect(provider).toMatchObject({ id: TEST_OAUTH_PROVIDER.id, name: TEST_OAUTH_PROVIDER.name });
    const url = new URL(provider.authorize_url);
    expect(url.searchParams.get("client_id")).toBe(TEST_OAUTH_PROVIDER.client_id);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(JSON.stringify(body)).not.toContain(TEST_OAUTH_PROVIDER.client_secret);
  });

  test("a new provider account registers with a ticket, and then signs straight in", async ({
    playwright,
    baseURL,
  }) => {
    const subject = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const first = await playwright.request.newContext({ baseURL });
    const second = await playwright.request.newContext({ baseURL });
    try {
      const exchange = await first.post(`${api}/member/oauth/exchange`, {
        data: { provider: "test", code: `valid-${subject}`, redirect_uri },
      });
      const exchangeBody = await exchange.json();
      expectMatchesContract("/member/oauth/exchange", "post", exchange.status(), exchangeBody);
      expect(exchangeBody.data).toMatchObject({
        status: "registration_required",
        provider: "test",
        email: `${subject}@oauth.example.com`,
        name: "第三方讀者",
      });
      expect((await first.get(`${api}/member/profile`)).status()).toBe(401);

      const complete = await first.post(`${api}/member/oauth/complete`, {
        data: { ticket: exchangeBody.data.ticket, name: "林第三" },
      });
      const completeBody = await complete.json();
      expectMatchesContract("/member/oauth/complete", "post", complete.status(), completeBody);
      expect(completeBody.code).toBe(1);
      const profile = (await (await first.get(`${api}/member/profile`)).json()).data;
      expect(profile).toMatchObject({ email: `${subject}@oauth.example.com`, name: "林第三" });

      // The ticket is spent.
      const reuse = await first.post(`${api}/member/oauth/complete`, {
        data: { ticket: exchangeBody.data.ticket, name: "林第三" },
      });
      expect(await reuse.json()).toEqual({ code: 2, message: "註冊憑證已過期，請重新以第三方帳號登入" });

      const back = await second.post(`${api}/member/oauth/exchange`, {
        data: { provider: "test", code: `valid-${subject}`, redirect_uri },
      });
      const backBody = await back.json();
      expectMatchesContract("/member/oauth/exchange", "post", back.status(), backBody);
      expect(backBody.data.status).toBe("signed_in");
      expect(JSON.stringify(backBody)).not.toMatch(/"token"/);
      expect((await (await second.get(`${api}/member/profile`)).json()).data.id).toBe(profile.id);
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });

  test("the body cannot choose the new account's e-mail: it is the provider's", async ({ request }) => {
    const subject = `chooser-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const exchange = await request.post(`${api}/member/oauth/exchange`, {
      data: { provider: "test", code: `valid-${subject}`, redirect_uri },
    });
    const { ticket } = (await exchange.json()).data;
    const victim = `victim-${subject}@example.com`;
    const naming = await request.post(`${api}/member/oauth/complete`, {
      data: { ticket, email: victim, name: "某人" },
    });
    expect(naming.status()).toBe(400);
    const namingBody = await naming.json();
    expect(namingBody).toEqual({ code: 2, message: "不接受的欄位：email" });
    expectMatchesContract("/member/oauth/complete", "post", 400, namingBody);
    // The ticket still works without it, and the account has the provider's e-mail.
    const complete = await request.post(`${api}/member/oauth/complete`, { data: { ticket, name: "某人" } });
    const token: string | undefined = (await complete.json()).data?.token;
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    const profile = (await (await request.get(`${api}/member/profile`, { headers })).json()).data;
    expect(profile.email).toBe(`${subject}@oauth.example.com`);
  });

  test("a provider account whose e-mail is a member's is refused (code 6) and not linked", async ({
    playwright,
    baseURL,
  }) => {
    const subject = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const member = await playwright.request.newContext({ baseURL });
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const reg = await member.post(`${api}/member/register`, {
        data: { email: `${subject}@oauth.example.com`, password: "Lotus2026", name: "原會員" },
      });
      const token: string | undefined = (await reg.json()).data?.token;
      const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
      for (let i = 0; i < 2; i++) {
        const res = await stranger.post(`${api}/member/oauth/exchange`, {
          data: { provider: "test", code: `valid-${subject}`, redirect_uri },
        });
        expect(res.status()).toBe(409);
        const body = await res.json();
        expectMatchesContract("/member/oauth/exchange", "post", 409, body);
        expect(body).toEqual({ code: 6, message: expect.stringContaining("已是本站會員") });
        expect((await stranger.get(`${api}/member/profile`)).status()).toBe(401);
      }
      const links = await (await member.get(`${api}/member/identities`, { headers })).json();
      expect(links.data).toEqual([]);
    } finally {
      await member.dispose();
      await stranger.dispose();
    }
  });

  test("a provider account without a verified e-mail cannot sign up (code 2)", async ({ request }) => {
    for (const code of [`valid-noemail-${Date.now()}`, `valid-unverified-${Date.now()}`]) {
      const res = await request.post(`${api}/member/oauth/exchange`, {
        data: { provider: "test", code, redirect_uri },
      });
      expect(res.status(), code).toBe(400);
      const body = await res.json();
      expectMatchesContract("/member/oauth/exchange", "post", 400, body);
      expect(body).toEqual({ code: 2, message: expect.stringContaining("沒有提供已驗證的電子郵件") });
    }
  });

  for (const [data, status, code] of [
    [{ provider: "test", code: "expired-code", redirect_uri }, 400, 2],
    [{ provider: "test", code: "broken", redirect_uri }, 502, 5],
    [{ provider: "nosuch", code: "valid-x", redirect_uri }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "https://evil.example.com/steal" }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "javascript:alert(1)" }, 400, 2],
    // Strings that make `new URL` throw: each must be refused as input, never a 500.
    [{ provider: "test", code: "valid-x", redirect_uri: "http://[" }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "::" }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "%" }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "http://a b/oauth/login" }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: "x".repeat(5000) }, 400, 2],
    [{ provider: "test", code: "valid-x", redirect_uri: `http://${"a".repeat(5000)}/oauth/login` }, 400, 2],
    [{ provider: "TEST'--", code: "valid-x", redirect_uri }, 400, 2],
    [{ provider: "test", code: "", redirect_uri }, 400, 2],
    [{ provider: "test", code: 12, redirect_uri }, 400, 2],
    [{}, 400, 2],
  ] as const) {
    test(`exchange ${JSON.stringify(data).slice(0, 70)} is code ${code}`, async ({ request }) => {
      const res = await request.post(`${api}/member/oauth/exchange`, { data });
      expect(res.status()).toBe(status);
      const body = await res.json();
      expect(body).toEqual({ code, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
      expectMatchesContract("/member/oauth/exchange", "post", status, body);
    });
  }
});

for (const [i, data] of [
  {},
  { ticket: "short", name: "甲" },
  { ticket: "a".repeat(43), name: "甲" },
  { ticket: "a".repeat(43), name: "" },
  { ticket: "a".repeat(43), email: "a@example.com", name: "甲" },
].entries()) {
  test(`OAuth completion ${i + 1}: ${JSON.stringify(data).slice(0, 60)} is code 2`, async ({ request }) => {
    const res = await request.post(`${api}/member/oauth/complete`, { data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expectMatchesContract("/member/oauth/complete", "post", 400, body);
  });
}

test("subscriptions: all topics listed, replaced as a set", async ({ request }) => {
  const { headers } = await registerMember(request);
  const res = await request.get(`${api}/member/subscriptions`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/subscriptions", "get", res.status(), body);
  expect(body.data.map((s: { topic: string }) => s.topic)).toEqual([
    "new_books",
    "ebooks",
    "activities",
    "articles",
    "dharma_weekly",
  ]);
  expect(body.data.every((s: { subscribed: boolean }) => !s.subscribed)).toBe(true);

  const put = await request.put(`${api}/member/subscriptions`, { headers, data: { topics: ["articles", "ebooks"] } });
  const putBody = await put.json();
  expectMatchesContract("/member/subscriptions", "put", put.status(), putBody);
  const subscribed = (list: { topic: string; subscribed: boolean }[]) =>
    list.filter((s) => s.subscribed).map((s) => s.topic);
  expect(subscribed(putBody.data)).toEqual(["ebooks", "articles"]);
  await request.put(`${api}/member/subscriptions`, { headers, data: { topics: [] } });
  const after = (await (await request.get(`${api}/member/subscriptions`, { headers })).json()).data;
  expect(subscribed(after)).toEqual([]);
});

for (const data of [
  {},
  { topics: "new_books" },
  { topics: ["nope"] },
  { topics: ["ebooks", "ebooks"] },
  { topics: [], extra: 1 },
]) {
  test(`subscriptions body ${JSON.stringify(data)} is code 2 and changes nothing`, async ({ request }) => {
    const { headers } = await registerMember(request);
    await request.put(`${api}/member/subscriptions`, { headers, data: { topics: ["activities"] } });
    const res = await request.put(`${api}/member/subscriptions`, { headers, data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expectMatchesContract("/member/subscriptions", "put", 400, body);
    const list = (await (await request.get(`${api}/member/subscriptions`, { headers })).json()).data;
    expect(list.find((s: { topic: string }) => s.topic === "activities").subscribed).toBe(true);
  });
}

test("the demo member's bookcase lists the digital books of paid orders, filterable by format", async ({ request }) => {
  const login = await request.post(`${api}/member/login`, {
    data: { email: "demo@example.com", password: "Demo1234" },
  });
  const token: string | undefined = (await login.json()).data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const res = await request.get(`${api}/member/bookcase`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/bookcase", "get", res.status(), body);
  expect(body.data.total).toBeGreaterThanOrEqual(3);
  for (const item of body.data.items) expect([2, 3]).toContain(item.product.format);
  const audio = (await (await request.get(`${api}/member/bookcase?format=3`, { headers })).json()).data;
  expect(audio.total).toBeGreaterThan(0);
  for (const item of audio.items) expect(item.product.format).toBe(3);
});

test("a new member's bookcase is empty; bad bookcase queries are code 2; guests get code 3", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { headers } = await registerMember(request);
  const res = await request.get(`${api}/member/bookcase`, { headers });
  expect((await res.json()).data).toMatchObject({ items: [], total: 0 });
  for (const query of ["format=1", "format=abc", "page=0", "per_page=500"]) {
    const bad = await request.get(`${api}/member/bookcase?${query}`, { headers });
    expect(bad.status(), query).toBe(400);
    expectMatchesContract("/member/bookcase", "get", 400, await bad.json());
  }
  const guest = await playwright.request.newContext({ baseURL });
  try {
    for (const [method, path] of [
      ["GET", "/member/bookcase"],
      ["GET", "/member/subscriptions"],
      ["PUT", "/member/subscriptions"],
    ] as const) {
      const reply = await guest.fetch(`${api}${path}`, { method, data: method === "PUT" ? { topics: [] } : undefined });
      expect(reply.status(), `${method} ${path}`).toBe(401);
      expect((await reply.json()).code).toBe(3);
    }
  } finally {
    await guest.dispose();
  }
});
