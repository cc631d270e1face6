// Contract tests of what the security page uses: linked provider accounts (list, link, unlink), signing out of
// other devices, and a password reset unlinking every provider. They talk to the test run's stand-in provider.
// Operations: listMemberIdentities, linkMemberIdentity, unlinkMemberIdentity, revokeOtherMemberSessions.

import { API as api, registerMember } from "../support/fixtures";
import { mailedRecoveryCode } from "../support/mailbox";
import { expectMatchesContract } from "../support/openapi";
import { TEST_OAUTH_PROVIDER } from "../support/servers";
import { type APIRequestContext, expect, test } from "../support/test";

test.skip(!!process.env.CONTRACT_BASE_URL, "needs the test run's stand-in provider and mailbox");

const redirect_uri = "http://127.0.0.1/oauth/login";
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A request context of its own, signed in as a new member (the session travels in its cookie or header). */
async function newMember(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL?: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  const { email, headers } = await registerMember(request, "Lotus2026");
  return { request, email, headers };
}

const link = (request: APIRequestContext, subject: string, headers?: Record<string, string>) =>
  request.post(`${api}/member/identities/link`, {
    headers,
    data: { provider: "test", code: `valid-${subject}`, redirect_uri },
  });

async function identities(request: APIRequestContext, headers?: Record<string, string>) {
  const res = await request.get(`${api}/member/identities`, { headers });
  const body = await res.json();
  expectMatchesContract("/member/identities", "get", res.status(), body);
  return body.data as { provider: string; provider_name: string; email: string | null; linked_at: string }[];
}

test("a member links a provider, signs in with it, and unlinks it", async ({ playwright, baseURL }) => {
  const owner = await newMember(playwright, baseURL);
  const other = await newMember(playwright, baseURL);
  const elsewhere = await playwright.request.newContext({ baseURL });
  const subject = unique("linker");
  try {
    expect(await identities(owner.request, owner.headers)).toEqual([]);

    const linked = await link(owner.request, subject, owner.headers);
    const linkedBody = await linked.json();
    expectMatchesContract("/member/identities/link", "post", linked.status(), linkedBody);
    expect(linkedBody).toMatchObject({
      code: 1,
      message: "已連結",
      data: { provider: "test", provider_name: TEST_OAUTH_PROVIDER.name, email: `${subject}@oauth.example.com` },
    });
    const list = await identities(owner.request, owner.headers);
    expect(list).toEqual([linkedBody.data]);
    expect(Date.now() - new Date(list[0]?.linked_at ?? 0).getTime()).toBeLessThan(5 * 60_000);

    // The provider account now signs in as the member.
    const exchange = await elsewhere.post(`${api}/member/oauth/exchange`, {
      data: { provider: "test", code: `valid-${subject}`, redirect_uri },
    });
    const exchangeBody = await exchange.json();
    expect(exchangeBody.data.status).toBe("signed_in");
    const ownHeaders = exchangeBody.data.token ? { Authorization: `Bearer ${exchangeBody.data.token}` } : undefined;
    const profile = (await (await elsewhere.get(`${api}/member/profile`, { headers: ownHeaders })).json()).data;
    expect(profile.email).toBe(owner.email);

    // Linking it again changes nothing; another account of the same provider, or this one by another member: code 6.
    const again = await link(owner.request, subject, owner.headers);
    expect(await again.json()).toMatchObject({ code: 1, message: "已經連結過了" });
    const second = await link(owner.request, unique("second"), owner.headers);
    expect(second.status()).toBe(409);
    const secondBody = await second.json();
    expectMatchesContract("/member/identities/link", "post", 409, secondBody);
    expect(secondBody).toEqual({ code: 6, message: `您已連結另一個${TEST_OAUTH_PROVIDER.name}帳號，請先解除連結` });
    const stolen = await link(other.request, subject, other.headers);
    expect(stolen.status()).toBe(409);
    expect(await stolen.json()).toEqual({
      code: 6,
      message: `這個${TEST_OAUTH_PROVIDER.name}帳號已連結其他會員，無法連結`,
    });
    expect(await identities(other.request, other.headers)).toEqual([]);

    const unlinked = await owner.request.delete(`${api}/member/identities/test`, { headers: owner.headers });
    const unlinkedBody = await unlinked.json();
    expectMatchesContract("/member/identities/{provider}", "delete", unlinked.status(), unlinkedBody);
    expect(unlinkedBody).toEqual({ code: 1, message: "已解除連結", data: null });
    expect(await identities(owner.request, owner.headers)).toEqual([]);
    const missing = await owner.request.delete(`${api}/member/identities/test`, { headers: owner.headers });
    expect(missing.status()).toBe(404);
    expectMatchesContract("/member/identities/{provider}", "delete", 404, await missing.json());
    // Unlinked, the provider account no longer signs in as the member.
    const after = await elsewhere.post(`${api}/member/oauth/exchange`, {
      data: { provider: "test", code: `valid-${subject}`, redirect_uri },
    });
    expect((await after.json()).data.status).toBe("registration_required");
  } finally {
    await owner.request.dispose();
    await other.request.dispose();
    await elsewhere.dispose();
  }
});

test("a member made through a provider cannot unlink their only way in", async ({ request }) => {
  const subject = unique("only");
  const exchange = await request.post(`${api}/member/oauth/exchange`, {
    data: { provider: "test", code: `valid-${subject}`, redirect_uri },
  });
  const complete = await request.post(`${api}/member/oauth/complete`, {
    data: { ticket: (await exchange.json()).data.ticket, name: "只用第三方" },
  });
  const token: string | undefined = (await complete.json()).data?.token;
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const refused = await request.delete(`${api}/member/identities/test`, { headers });
  expect(refused.status()).toBe(409);
  const body = await refused.json();
  expectMatchesContract("/member/identities/{provider}", "delete", 409, body);
  expect(body).toEqual({ code: 6, message: "這是您唯一的登入方式，請先以「忘記密碼」設定密碼，再解除連結" });
  expect((await identities(request, headers)).map((i) => i.provider)).toEqual(["test"]);
});

test("a password reset unlinks every provider account", async ({ playwright, baseURL }) => {
  const member = await newMember(playwright, baseURL);
  const subject = unique("reset");
  try {
    expect((await (await link(member.request, subject, member.headers)).json()).code).toBe(1);
    await member.request.post(`${api}/member/recovery/code`, { data: { email: member.email } });
    const code = await mailedRecoveryCode(member.request, member.email);
    const reset = await member.request.post(`${api}/member/recovery/reset`, {
      data: { email: member.email, code, new_password: "Bodhi2027" },
    });
    const resetBody = await reset.json();
    expect(resetBody.code).toBe(1);
    const headers = resetBody.data.token ? { Authorization: `Bearer ${resetBody.data.token}` } : undefined;
    expect(await identities(member.request, headers)).toEqual([]);
    const exchange = await member.request.post(`${api}/member/oauth/exchange`, {
      data: { provider: "test", code: `valid-${subject}`, redirect_uri },
    });
    expect((await exchange.json()).data.status).toBe("registration_required");
  } finally {
    await member.request.dispose();
  }
});

test("signing out of other devices keeps this one", async ({ playwright, baseURL }) => {
  const here = await newMember(playwright, baseURL);
  const devices = [await playwright.request.newContext({ baseURL }), await playwright.request.newContext({ baseURL })];
  try {
    const deviceHeaders = [];
    for (const device of devices) {
      const login = await device.post(`${api}/member/login`, { data: { email: here.email, password: "Lotus2026" } });
      const token: string | undefined = (await login.json()).data?.token;
      deviceHeaders.push(token ? { Authorization: `Bearer ${token}` } : undefined);
    }
    const res = await here.request.post(`${api}/member/sessions/revoke-others`, { headers: here.headers });
    const body = await res.json();
    expectMatchesContract("/member/sessions/revoke-others", "post", res.status(), body);
    expect(body).toEqual({ code: 1, message: "已登出其他 2 個裝置", data: { revoked: 2 } });
    expect((await here.request.get(`${api}/member/profile`, { headers: here.headers })).status()).toBe(200);
    for (const [i, device] of devices.entries()) {
      expect((await device.get(`${api}/member/profile`, { headers: deviceHeaders[i] })).status()).toBe(401);
    }
    const none = await here.request.post(`${api}/member/sessions/revoke-others`, { headers: here.headers });
    expect((await none.json()).data).toEqual({ revoked: 0 });
  } finally {
    await here.request.dispose();
    for (const device of devices) await device.dispose();
  }
});

test("guests get code 3 from every security endpoint", async ({ request }) => {
  for (const [method, path] of [
    ["GET", "/member/identities"],
    ["POST", "/member/identities/link"],
    ["DELETE", "/member/identities/test"],
    ["POST", "/member/sessions/revoke-others"],
  ] as const) {
    const res = await request.fetch(`${api}${path}`, {
      method,
      data: method === "POST" ? { provider: "test", code: "valid-x", redirect_uri } : undefined,
    });
    expect(res.status(), `${method} ${path}`).toBe(401);
    expect(await res.json()).toEqual({ code: 3, message: "請先登入會員" });
  }
});

test("bad link and unlink input is code 2", async ({ playwright, baseURL }) => {
  const member = await newMember(playwright, baseURL);
  try {
    for (const data of [
      {},
      { provider: "test", code: "valid-x", redirect_uri: "http://[" },
      { provider: "test", code: "valid-x", redirect_uri: "%" },
      { provider: "test", code: "valid-x", redirect_uri: "https://evil.example.com/steal" },
      { provider: "nosuch", code: "valid-x", redirect_uri },
      { provider: "test", code: "expired-code", redirect_uri },
    ]) {
      const res = await member.request.post(`${api}/member/identities/link`, { headers: member.headers, data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      const body = await res.json();
      expect(body).toEqual({ code: 2, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
      expectMatchesContract("/member/identities/link", "post", 400, body);
    }
    const res = await member.request.delete(`${api}/member/identities/NO!`, { headers: member.headers });
    expect(res.status()).toBe(400);
    expectMatchesContract("/member/identities/{provider}", "delete", 400, await res.json());
  } finally {
    await member.request.dispose();
  }
});
