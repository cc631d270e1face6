// Linking a sign-in provider from /member/security (issue 9), against the stand-in provider
// (tests/support/fake-oauth-provider.mjs): its sign-in page signs in at once as the `subject` cookie set on
// its origin, or as `login_hint`. The 連結 button posts to /oauth/login with intent=link; the provider's return links
// the account to the signed-in member and comes back to the security page. Every test registers a member of its own.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { OAUTH_PROVIDER_PORT, TEST_OAUTH_PROVIDER } from "../support/servers";
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const API = "/api/frontend";
const PROVIDER_ORIGIN = `http://127.0.0.1:${OAUTH_PROVIDER_PORT}`;
const LINK_BUTTON = `連結 ${TEST_OAUTH_PROVIDER.name}`;
const SIGN_IN_BUTTON = `使用${TEST_OAUTH_PROVIDER.name}繼續`;

const newSubject = (kind: string) => `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const providerEmail = (subject: string) => `${subject}@oauth.example.com`;

async function signedInAtProvider(context: BrowserContext, subject: string) {
  await context.addCookies([{ name: "subject", value: subject, url: PROVIDER_ORIGIN }]);
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

async function identities(request: APIRequestContext) {
  const body = await (await request.get(`${API}/member/identities`)).json();
  expect(body.code, body.message).toBe(1);
  return body.data as { provider: string; email: string | null }[];
}

/** A member made from a provider account (through the API, in its own request context), so the subject is theirs. */
async function providerMember(request: APIRequestContext, subject: string) {
  const exchange = await request.post(`${API}/member/oauth/exchange`, {
    data: { provider: "test", code: `valid-${subject}`, redirect_uri: "http://127.0.0.1/oauth/login" },
  });
  const complete = await request.post(`${API}/member/oauth/complete`, {
    data: { ticket: (await exchange.json()).data.ticket, name: "原本的會員" },
  });
  expect((await complete.json()).code).toBe(1);
}

async function expectLinked(page: Page, subject: string) {
  await expect(page).toHaveURL(/\/member\/security\?linked=test$/);
  await expect(page.getByRole("status").filter({ hasText: `已連結 ${TEST_OAUTH_PROVIDER.name}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "已連結的登入方式" })).toContainText(providerEmail(subject));
  await expect(page.getByRole("list", { name: "尚未連結的登入方式" })).toHaveCount(0);
  expect(await cookie(page.context(), "bookstore_oauth_attempt")).toBeUndefined();
}

/** Presses Tab until `target` has focus (the way a keyboard user gets there). */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a member links the provider, then signs in through it directly", async ({ page, context }) => {
  await signInNewMember(page);
  const subject = newSubject("link");
  await signedInAtProvider(context, subject);
  await page.goto("/member/security");
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: LINK_BUTTON }).click();

  await expectLinked(page, subject);
  // Linking signs no one else in: still the same member, and the provider account is theirs.
  expect(await identities(page.request)).toEqual([
    expect.objectContaining({ provider: "test", email: providerEmail(subject) }),
  ]);
  await waitForHydration(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "登出", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await page.goto("/login");
  await page.getByRole("button", { name: SIGN_IN_BUTTON }).click();
  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByText("測試讀者，您好")).toBeVisible();
});

test("by keyboard: Tab to 連結 and press Enter", async ({ page, context }) => {
  await signInNewMember(page);
  const subject = newSubject("keys");
  await signedInAtProvider(context, subject);
  await page.goto("/member/security");
  await waitForHydration(page);
  await tabTo(page, page.getByRole("button", { name: LINK_BUTTON }));
  await page.keyboard.press("Enter");
  await expectLinked(page, subject);
});

test("a provider account that is another member's is refused (code 6), and nothing is linked", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const subject = newSubject("taken");
  const other = await playwright.request.newContext({ baseURL });
  await providerMember(other, subject);
  await signInNewMember(page);
  await signedInAtProvider(context, subject);
  await page.goto("/member/security");
  await page.getByRole("button", { name: LINK_BUTTON }).click();

  await expect(page).toHaveURL(/\/oauth\/login\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("無法連結");
  await expect(page.getByRole("alert")).toHaveText(`這個${TEST_OAUTH_PROVIDER.name}帳號已連結其他會員，無法連結`);
  expect(await identities(page.request)).toEqual([]);
  expect(await identities(other)).toEqual([expect.objectContaining({ provider: "test" })]);
  await other.dispose();
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();
  await waitForHydration(page);
  await expectAccessible(page);

  await page.getByRole("link", { name: "回到帳號安全" }).click();
  await expect(page).toHaveURL(/\/member\/security$/);
  await expect(page.getByRole("list", { name: "尚未連結的登入方式" })).toContainText(TEST_OAUTH_PROVIDER.name);
});

test("a guest cannot link: neither starting an attempt nor returning with one links anything", async ({
  page,
  context,
}) => {
  // Starting: refused before the provider, with no attempt.
  const start = await page.request.post("/oauth/login", {
    form: { intent: "link", provider: "test" },
    maxRedirects: 0,
  });
  expect(start.status()).toBe(401);
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();

  // Returning: a member starts a linking attempt, signs out, and the provider returns to a guest.
  const email = await signInNewMember(page);
  const started = await page.request.post("/oauth/login", {
    form: { intent: "link", provider: "test" },
    maxRedirects: 0,
  });
  expect(started.status()).toBe(303);
  expect(decodeURIComponent((await cookie(context, "bookstore_oauth_attempt"))?.value ?? "")).toMatch(/\.link$/);
  const authorize = new URL(started.headers().location ?? "");
  authorize.searchParams.set("login_hint", newSubject("guest"));
  const back = new URL((await page.request.get(authorize.href, { maxRedirects: 0 })).headers().location ?? "");
  expect((await (await page.request.get(`${API}/member/logout`)).json()).code).toBe(1);
  await context.clearCookies({ name: "bookstore_token" });
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeDefined();

  await page.goto(back.pathname + back.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("請先登入");
  await expect(page.getByRole("alert")).toContainText("我們沒有連結任何帳號");
  expect(await cookie(context, "bookstore_token")).toBeUndefined();
  await waitForHydration(page);
  await expectAccessible(page);

  const login = await page.request.post(`${API}/member/login`, { data: { email, password: "Lotus2026" } });
  expect((await login.json()).code).toBe(1);
  expect(await identities(page.request)).toEqual([]);
});

test.describe("before hydration (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("the 連結 button is a plain form post", async ({ page, context }) => {
    await signInNewMember(page);
    const subject = newSubject("nojs-link");
    await signedInAtProvider(context, subject);
    await page.goto("/member/security");
    await page.getByRole("button", { name: LINK_BUTTON }).click();
    await expectLinked(page, subject);
  });
});
