// PKCE on POST /member/oauth/exchange: the code_verifier is passed on to the provider, whose codes (issued by its
// sign-in page for an S256 challenge) work once and only with the matching verifier. Uses the test run's stand-in
// provider, so it is skipped against an outside server (CONTRACT_BASE_URL).
import { createHash, randomBytes } from "node:crypto";
import { API as api } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { TEST_OAUTH_PROVIDER } from "../support/servers";
import { type APIRequestContext, expect, test } from "../support/test";

test.skip(!!process.env.CONTRACT_BASE_URL, "needs the test run's stand-in provider");

const redirect_uri = "http://127.0.0.1/oauth/login";
const newVerifier = () => randomBytes(32).toString("base64url");

/** A code the provider's sign-in page issues for this verifier's S256 challenge. */
async function issuedCode(request: APIRequestContext, subject: string, verifier: string): Promise<string> {
  const authorize = new URL(TEST_OAUTH_PROVIDER.authorize_url);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: TEST_OAUTH_PROVIDER.client_id,
    redirect_uri,
    state: "s",
    login_hint: subject,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const reply = await request.get(authorize.href, { maxRedirects: 0 });
  const code = new URL(reply.headers().location ?? "").searchParams.get("code");
  if (!code) throw new Error("the provider issued no code");
  return code;
}

test("a code works with its verifier, once; a wrong or missing verifier is refused", async ({ request }) => {
  const subject = `pkce-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const exchange = (code: string, code_verifier?: string) =>
    request.post(`${api}/member/oauth/exchange`, { data: { provider: "test", code, redirect_uri, code_verifier } });

  const verifier = newVerifier();
  for (const wrong of [newVerifier(), undefined]) {
    const refused = await exchange(await issuedCode(request, subject, verifier), wrong);
    const body = await refused.json();
    expectMatchesContract("/member/oauth/exchange", "post", refused.status(), body);
    expect(body).toEqual({ code: 2, message: "授權碼無效或已過期，請重新登入" });
  }

  const code = await issuedCode(request, subject, verifier);
  const accepted = await exchange(code, verifier);
  const body = await accepted.json();
  expectMatchesContract("/member/oauth/exchange", "post", accepted.status(), body);
  expect(body.data).toMatchObject({ status: "registration_required", email: `${subject}@oauth.example.com` });

  const again = await (await exchange(code, verifier)).json();
  expect(again).toEqual({ code: 2, message: "授權碼無效或已過期，請重新登入" });
});

test("a malformed code_verifier is refused before the provider is asked", async ({ request }) => {
  const reply = await request.post(`${api}/member/oauth/exchange`, {
    data: { provider: "test", code: "valid-x", redirect_uri, code_verifier: "short" },
  });
  const body = await reply.json();
  expectMatchesContract("/member/oauth/exchange", "post", reply.status(), body);
  expect(body).toEqual({ code: 2, message: "code_verifier 格式不正確" });
});
