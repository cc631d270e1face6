#!/usr/bin/env node
// A stand-in sign-in provider for the test suite (OAuth 2.0 code flow with PKCE and a userinfo endpoint), so the
// real exchange code in worker/api/oauth runs over real HTTP. Codes its sign-in page issues are bound to the
// request's S256 code_challenge and redirect_uri and work once, as a real provider's do. Codes made up by a test
// say who signs in: `valid-<subject>` works (without PKCE), `broken` makes the token endpoint fail with 500,
// anything else is refused as invalid_grant.
//   node tests/support/fake-oauth-provider.mjs --port 8790 --client-id ID --client-secret SECRET
// (.config/playwright.config.ts starts it with the values of tests/support/servers.ts.)
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8790" },
    "client-id": { type: "string", default: "storefront-test" },
    "client-secret": { type: "string", default: "test-secret" },
  },
});

const json = (res, status, body) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

const readBody = (req) =>
  new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
  });

/** Codes the sign-in page issued, not yet redeemed: who signed in, the S256 challenge and the redirect_uri. */
const issued = new Map();

const cookieSubject = (header) => /(?:^|;\s*)subject=([A-Za-z0-9_-]+)/.exec(header ?? "")?.[1];

const s256 = (verifier) => createHash("sha256").update(verifier).digest("base64url");

/** The subject of an issued code, once: the code is spent whatever the outcome (RFC 6749 §4.1.2, RFC 7636 §4.6). */
function redeem(code, form) {
  const grant = issued.get(code);
  issued.delete(code);
  if (!grant || form.get("redirect_uri") !== grant.redirectUri) return null;
  const verifier = form.get("code_verifier") ?? "";
  return verifier && s256(verifier) === grant.challenge ? grant.subject : null;
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });

  // The sign-in page: signs in at once as `login_hint`, else as the `subject` cookie (a browser test sets it on
  // this origin: the reader already signed in here), else reader-1, and returns to the storefront. The subject
  // `denied` declines, as a reader who cancels at the provider (error=access_denied).
  if (url.pathname === "/authorize") {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    const back = new URL(redirectUri);
    const subject = url.searchParams.get("login_hint") || cookieSubject(req.headers.cookie) || "reader-1";
    const challenge = url.searchParams.get("code_challenge");
    if (subject === "denied") {
      back.searchParams.set("error", "access_denied");
    } else if (challenge && url.searchParams.get("code_challenge_method") !== "S256") {
      back.searchParams.set("error", "invalid_request");
    } else if (challenge) {
      const code = `issued-${randomBytes(16).toString("hex")}`;
      issued.set(code, { subject, challenge, redirectUri });
      back.searchParams.set("code", code);
    } else {
      back.searchParams.set("code", `valid-${subject}`);
    }
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    res.writeHead(302, { Location: back.href });
    return res.end();
  }

  if (url.pathname === "/token" && req.method === "POST") {
    const form = new URLSearchParams(await readBody(req));
    const code = form.get("code") ?? "";
    if (code === "broken") return json(res, 500, { error: "server_error" });
    const clientOk =
      form.get("client_id") === values["client-id"] && form.get("client_secret") === values["client-secret"];
    const requestOk = form.get("grant_type") === "authorization_code" && form.get("redirect_uri");
    if (!clientOk) return json(res, 401, { error: "invalid_client" });
    if (!requestOk) return json(res, 400, { error: "invalid_grant" });
    const subject = code.startsWith("issued-") ? redeem(code, form) : code.startsWith("valid-") && code.slice(6);
    if (!subject) return json(res, 400, { error: "invalid_grant" });
    return json(res, 200, {
      access_token: `at-${subject}`,
      token_type: "Bearer",
      expires_in: 3600,
    });
  }

  if (url.pathname === "/userinfo") {
    const token = /^Bearer at-(.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return json(res, 401, { error: "invalid_token" });
    // Subjects starting with noemail- have no e-mail address at the provider; unverified- ones have one the
    // provider has not verified. Any other subject's e-mail is <subject>@oauth.example.com, verified.
    const email = token.startsWith("noemail-") ? undefined : `${token}@oauth.example.com`;
    const verified = email ? !token.startsWith("unverified-") : undefined;
    return json(res, 200, { sub: token, name: "第三方讀者", email, email_verified: verified });
  }

  json(res, 404, { error: "not_found" });
});

server.listen(Number(values.port), "127.0.0.1", () => {
  console.info(`fake OAuth provider on http://127.0.0.1:${values.port}`);
});
