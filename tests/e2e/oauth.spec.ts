// Signing in through another provider, against the stand-in provider (tests/support/fake-oauth-provider.mjs):
// its sign-in page signs in at once as the `subject` cookie set on its origin (the reader is signed in there) and
// issues codes bound to the PKCE challenge, once. Provider e-mails are <subject>@oauth.example.com.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SEEDED_PRODUCT_ID } from "../support/routes";
import { OAUTH_PROVIDER_PORT, TEST_OAUTH_PROVIDER } from "../support/servers";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "../support/test";

const PROVIDER_ORIGIN = `http://127.0.0.1:${OAUTH_PROVIDER_PORT}`;
const BUTTON = `使用${TEST_OAUTH_PROVIDER.name}繼續`;
const api = "/api/frontend";

const newSubject = (kind: string) => `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const providerEmail = (subject: string) => `${subject}@oauth.example.com`;

/** The reader is signed in at the provider as this subject (its sign-in page then returns at once). */
async function signedInAtProvider(context: BrowserContext, subject: string) {
  await context.addCookies([{ name: "subject", value: subject, url: PROVIDER_ORIGIN }]);
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

async function expectNoSession(page: Page) {
  expect(await cookie(page.context(), "bookstore_token")).toBeUndefined();
  await page.goto("/member/profile");
  await expect(page).toHaveURL(/\/login$/);
}

/** A member made from a provider account (through the API, outside the browser), so the subject is linked. */
async function linkedReader(request: APIRequestContext, subject: string, name: string) {
  const exchange = await request.post(`${api}/member/oauth/exchange`, {
    data: { provider: "test", code: `valid-${subject}`, redirect_uri: "http://127.0.0.1/oauth/login" },
  });
  const { data } = await exchange.json();
  expect(data.status).toBe("registration_required");
  const complete = await request.post(`${api}/member/oauth/complete`, { data: { ticket: data.ticket, name } });
  expect((await complete.json()).code).toBe(1);
}

/**
 * One attempt without the browser following the redirects: the button's post (the attempt cookie lands in the
 * page's context), then the provider's sign-in page; the provider's return address, with its code and state.
 */
async function providerReturn(page: Page, subject: string): Promise<URL> {
  const start = await page.request.post("/oauth/login", { form: { provider: "test" }, maxRedirects: 0 });
  expect(start.status()).toBe(303);
  const authorize = new URL(start.headers().location ?? "");
  authorize.searchParams.set("login_hint", subject);
  const signIn = await page.request.get(authorize.href, { maxRedirects: 0 });
  return new URL(signIn.headers().location ?? "");
}

test("a new reader signs up through the provider, giving only a name", async ({ page, context }) => {
  const subject = newSubject("new");
  await signedInAtProvider(context, subject);
  await page.goto("/login");
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: BUTTON }).click();

  await expect(page).toHaveURL(/\/oauth\/register$/);
  await expect(page.getByRole("heading", { name: "完成註冊" })).toBeVisible();
  await expect(page.getByText(providerEmail(subject), { exact: true })).toBeVisible();
  // The ticket stays in an HttpOnly cookie: neither the address nor scripts see it.
  const ticket = await cookie(context, "bookstore_oauth_ticket");
  expect(ticket?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain("bookstore_oauth");
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();
  expect(await cookie(context, "bookstore_token")).toBeUndefined();
  await waitForHydration(page);
  await expectAccessible(page);

  await expect(page.getByLabel("姓名")).toHaveValue("第三方讀者");
  await page.getByLabel("姓名").fill("");
  await page.getByRole("button", { name: "完成註冊" }).click();
  await expect(page.getByLabel("姓名")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("姓名").fill("林新讀者");
  // Leaving the fixed field clears its message (use-field-errors.ts); the button moves up as it goes.
  await page.getByLabel("姓名").blur();
  await expect(page.getByLabel("姓名")).not.toHaveAttribute("aria-invalid");
  await page.getByRole("button", { name: "完成註冊" }).click();

  await expect(page).toHaveURL(/\/member\/profile$/);
  await expect(page.getByText("林新讀者，您好")).toBeVisible();
  expect((await cookie(context, "bookstore_token"))?.httpOnly).toBe(true);
  expect(await cookie(context, "bookstore_oauth_ticket")).toBeUndefined();
  const profile = await (await page.request.get(`${api}/member/profile`)).json();
  expect(profile.data).toMatchObject({ email: providerEmail(subject), name: "林新讀者" });
});

test("a guest's kept 收藏 goes with them through the provider: /oauth/register says so, and can forget it", async ({
  page,
  context,
}) => {
  await signedInAtProvider(context, newSubject("like"));
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這本書/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/oauth\/register$/);
  await expect(page.getByTestId("pending-like")).toHaveText("完成註冊後，會為您加入收藏。");
  await expectAccessible(page);
  // 不要加入收藏 stays on the page, its ticket kept: the registration goes on without the like.
  await page.getByRole("button", { name: "不要加入收藏" }).click();
  await expect(page.getByTestId("pending-like")).toHaveCount(0);
  await expect(page).toHaveURL(/\/oauth\/register$/);
  expect(await cookie(context, "bookstore_pending_like")).toBeUndefined();
  await page.getByLabel("姓名").fill("林收藏讀者");
  await page.getByRole("button", { name: "完成註冊" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${SEEDED_PRODUCT_ID}$`));
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "收藏這本書", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("a linked reader signs in directly and comes back to the page they wanted", async ({ page, context, request }) => {
  const subject = newSubject("linked");
  await linkedReader(request, subject, "陳老讀者");
  await signedInAtProvider(context, subject);

  await page.goto("/member/orders");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: BUTTON }).click();

  await expect(page).toHaveURL(/\/member\/orders$/);
  await expect(page.getByText("陳老讀者，您好")).toBeVisible();
  const token = await cookie(context, "bookstore_token");
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe("Lax");
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();
  expect(await cookie(context, "bookstore_return_url")).toBeUndefined();
});

test("the button sends the reader to the provider with state and an S256 challenge, kept in a short cookie", async ({
  page,
  context,
  baseURL,
}) => {
  const start = await page.request.post("/oauth/login", { form: { provider: "test" }, maxRedirects: 0 });
  expect(start.status()).toBe(303);
  const authorize = new URL(start.headers().location ?? "");
  expect(authorize.origin + authorize.pathname).toBe(TEST_OAUTH_PROVIDER.authorize_url);
  const params = Object.fromEntries(authorize.searchParams);
  expect(params).toMatchObject({
    response_type: "code",
    client_id: TEST_OAUTH_PROVIDER.client_id,
    redirect_uri: `${baseURL}/oauth/login`,
    code_challenge_method: "S256",
  });
  expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const attempt = await cookie(context, "bookstore_oauth_attempt");
  expect(attempt).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  const lifetime = (attempt?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(9 * 60);
  expect(lifetime).toBeLessThanOrEqual(10 * 60 + 5);
  // The verifier never leaves the cookie: only its challenge is in the address.
  const verifier = decodeURIComponent(attempt?.value ?? "").split(".")[2] ?? "";
  expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize.href).not.toContain(verifier);

  // A second attempt replaces the first: a new state and challenge.
  const again = new URL(
    (await page.request.post("/oauth/login", { form: { provider: "test" }, maxRedirects: 0 })).headers().location ?? "",
  );
  expect(again.searchParams.get("state")).not.toBe(params.state);
  expect(again.searchParams.get("code_challenge")).not.toBe(params.code_challenge);
});

test("a return whose state is not this browser's attempt is refused without a session", async ({ page, context }) => {
  const subject = newSubject("tamper");
  const back = await providerReturn(page, subject);
  const state = back.searchParams.get("state") ?? "";
  const tampered = new URL(back);
  tampered.searchParams.set("state", `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`);

  await page.goto(tampered.pathname + tampered.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("登入連結已失效");
  await expect(page.getByRole("alert")).toContainText("沒有讓您登入");
  await expect(page.getByRole("link", { name: "回到登入頁" })).toHaveAttribute("href", "/login");
  expect(await cookie(context, "bookstore_token")).toBeUndefined();
  expect(await cookie(context, "bookstore_oauth_ticket")).toBeUndefined();
  // The attempt is spent: the untouched return does not work afterwards either.
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();
  await page.goto(back.pathname + back.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("登入連結已失效");
  await waitForHydration(page);
  await expectAccessible(page);
  await expectNoSession(page);
});

test("a return without any attempt in this browser is refused", async ({ page, context }) => {
  await page.goto("/oauth/login?code=valid-reader-1&state=forged");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("登入連結已失效");
  expect(await cookie(context, "bookstore_token")).toBeUndefined();
  await page.goto("/oauth/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("登入連結已失效");
  await expectNoSession(page);
});

test("a provider e-mail that is already a member's is refused, and nothing is linked", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const subject = newSubject("taken");
  const member = await playwright.request.newContext({ baseURL });
  const registered = await member.post(`${api}/member/register`, {
    data: { email: providerEmail(subject), password: "Lotus2026", name: "原會員" },
  });
  expect((await registered.json()).code).toBe(1);

  await signedInAtProvider(context, subject);
  await page.goto("/login");
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/oauth\/login\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("這個電子郵件已是本站會員");
  await expect(page.getByRole("alert")).toContainText("請以電子郵件與密碼登入");
  await expect(page.getByRole("alert")).toContainText("帳號安全");
  expect(await cookie(context, "bookstore_token")).toBeUndefined();
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("link", { name: "回到登入頁" }).click();
  await expect(page).toHaveURL(/\/login$/);

  const identities = await (await member.get(`${api}/member/identities`)).json();
  expect(identities.data).toEqual([]);
  await member.dispose();
  await expectNoSession(page);
});

test("a code that was used once is refused the second time", async ({ page, context, request }) => {
  const subject = newSubject("reuse");
  await linkedReader(request, subject, "再用讀者");
  const first = await providerReturn(page, subject);
  await page.goto(first.pathname + first.search);
  await expect(page).toHaveURL(/\/member\/profile$/);
  await context.clearCookies();

  // A fresh attempt of this browser, with the old code: the state is right, the provider refuses the code.
  const second = await providerReturn(page, subject);
  const replay = new URL(second);
  replay.searchParams.set("code", first.searchParams.get("code") ?? "");
  await page.goto(replay.pathname + replay.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("無法完成登入");
  await expect(page.getByRole("alert")).toHaveText("授權碼無效或已過期，請重新登入");
  await expectNoSession(page);
});

test("a reader who declines at the provider is told so, without a session", async ({ page, context }) => {
  await signedInAtProvider(context, "denied");
  await page.goto("/login");
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page).toHaveURL(/error=access_denied/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("您已取消登入");
  await expect(page).toHaveTitle(/^第三方登入 - /);
  await waitForHydration(page);
  await expectAccessible(page);
  expect(await cookie(context, "bookstore_oauth_attempt")).toBeUndefined();

  await page.goto("/oauth/login?error=server_error");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("第三方登入失敗");
  await expectNoSession(page);
});

test("a provider account without a verified e-mail cannot sign up", async ({ page, context }) => {
  await signedInAtProvider(context, newSubject("unverified"));
  await page.goto("/login");
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("無法完成登入");
  await expect(page.getByRole("alert")).toContainText("沒有提供已驗證的電子郵件");
  await expectNoSession(page);
});

test("/oauth/register without a ticket sends the reader back to sign in", async ({ page }) => {
  await page.goto("/oauth/register");
  await expect(page.getByRole("alert")).toHaveText("註冊憑證已過期，請重新以第三方帳號登入");
  await expect(page.getByLabel("姓名")).toHaveCount(0);
  await page.getByRole("link", { name: "回到登入頁" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("before hydration (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("a new reader signs up and a linked reader signs in, as plain form posts", async ({ page, context }) => {
    const subject = newSubject("nojs");
    await signedInAtProvider(context, subject);
    await page.goto("/login");
    await page.getByRole("button", { name: BUTTON }).click();
    await expect(page).toHaveURL(/\/oauth\/register$/);
    await expect(page.getByText(providerEmail(subject), { exact: true })).toBeVisible();
    await page.getByLabel("姓名").fill("無腳本讀者");
    await page.getByRole("button", { name: "完成註冊" }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText("無腳本讀者，您好")).toBeVisible();

    // Signed out, the same provider account now signs in directly.
    await page.getByRole("button", { name: "登出" }).click();
    await expect(page).toHaveURL(/\/login\?session=signed-out$/);
    await page.goto("/login");
    await page.getByRole("button", { name: BUTTON }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText("無腳本讀者，您好")).toBeVisible();
  });
});
