// The member session in the browser (SPEC §4, §8): member data is cached per session, so a second member signing in
// in the same tab never sees the first one's; a session the API has ended (code 3) sends the reader to sign in again
// and back to the page.

import { SESSION_ENDED_REASON } from "../../app/features/session/session-ended";
import { clientNavigate, waitForHydration } from "../support/hydration";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const PASSWORD = "Lotus2026";
const BOOK = 2;

/** Registers a member from a request context that shares no cookies with the page. */
async function registerMember(request: APIRequestContext, name: string) {
  const email = `session-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post("/api/frontend/member/register", { data: { email, password: PASSWORD, name } });
  expect((await res.json()).code).toBe(1);
  return email;
}

async function signInOnLoginPage(page: Page, email: string) {
  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼").fill(PASSWORD);
  await page.getByRole("button", { name: "登入" }).click();
}

const favouriteButton = (page: Page) => page.getByRole("button", { name: /收藏這本書/ });

test("a second member signing in in the same tab sees none of the first member's likes or name", async ({
  page,
  request,
  context,
}) => {
  const memberA = await registerMember(request, "讀者甲");
  const memberB = await registerMember(request, "讀者乙");
  await page.goto("/login");
  await waitForHydration(page);
  // A mark on the window: it is gone if the page ever reloads.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await signInOnLoginPage(page, memberA);
  await expect(page.getByText("讀者甲，您好")).toBeVisible();
  await clientNavigate(page, `/product/${BOOK}`);
  const button = favouriteButton(page);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await signInOnLoginPage(page, memberB);
  await expect(page.getByText("讀者乙，您好")).toBeVisible();
  await expect(page.getByText("讀者甲，您好")).toHaveCount(0);

  const likesReply = page.waitForResponse((res) => res.url().endsWith("/api/frontend/member/likes"));
  await clientNavigate(page, `/product/${BOOK}`);
  await expect(favouriteButton(page)).toHaveAttribute("aria-pressed", "false");
  await expect(favouriteButton(page)).toBeEnabled();
  const reply = await likesReply;
  const tokenB = (await context.cookies()).find((c) => c.name === "bookstore_token")?.value;
  expect(tokenB).toBeTruthy();
  expect((await reply.request().allHeaders()).cookie).toContain(`bookstore_token=${tokenB}`);
  const likes = (await reply.json()).data as { type: number; items: number[] }[];
  expect(likes.flatMap((group) => group.items)).not.toContain(BOOK);

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("a session ended elsewhere (code 3) sends the reader to /login and back to the page", async ({
  page,
  request,
  context,
  playwright,
  baseURL,
}) => {
  const email = await registerMember(request, "讀者丙");
  await page.goto("/login");
  await signInOnLoginPage(page, email);
  await expect(page.getByText("讀者丙，您好")).toBeVisible();
  const path = `/product/${BOOK}?from=session`;
  await page.goto(path);
  await waitForHydration(page);
  const button = favouriteButton(page);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toBeEnabled();

  // The same session ends from another client.
  const elsewhere = await playwright.request.newContext({ baseURL, storageState: await context.storageState() });
  expect((await (await elsewhere.get("/api/frontend/member/logout")).json()).code).toBe(1);
  await elsewhere.dispose();

  await button.click();
  // /login says why the reader is there (the address names no one).
  await expect(page).toHaveURL(/\/login\?session=ended$/);
  await expect(page.getByTestId("login-reason")).toHaveText(SESSION_ENDED_REASON);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.name === "bookstore_token" && c.value)).toBe(false);
  expect(decodeURIComponent(cookies.find((c) => c.name === "bookstore_return_url")?.value ?? "")).toBe(path);

  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(new RegExp(`/product/${BOOK}\\?from=session$`));
  await expect(favouriteButton(page)).toHaveAttribute("aria-pressed", "false");
  await expect(favouriteButton(page)).toBeEnabled();

  // A member page's form sent after the session ended elsewhere: the token is forgotten and the page is no longer a
  // member's (SPEC §8, code 3), the reader is told why, and signing in again comes back to the page.
  await page.goto("/member/profile");
  await waitForHydration(page);
  const again = await playwright.request.newContext({ baseURL, storageState: await context.storageState() });
  expect((await (await again.get("/api/frontend/member/logout")).json()).code).toBe(1);
  await again.dispose();
  await page.getByLabel("姓名").fill("讀者丙二");
  await page.getByRole("button", { name: "儲存變更" }).click();
  await expect(page).toHaveURL(/\/login\?session=ended$/);
  await expect(page.getByTestId("login-reason")).toHaveText(SESSION_ENDED_REASON);
  expect((await context.cookies()).some((c) => c.name === "bookstore_token" && c.value)).toBe(false);
  await expect(page.getByRole("link", { name: "會員中心" })).toHaveCount(0);
  await signInOnLoginPage(page, email);
  await expect(page).toHaveURL(/\/member\/profile$/);
});

test("signing out while the cart sync is still on its way says 您已登出, not that the session ended", async ({
  page,
  request,
}) => {
  const email = await registerMember(request, "讀者丁");
  await page.goto("/login");
  await waitForHydration(page);
  await signInOnLoginPage(page, email);
  await expect(page.getByText("讀者丁，您好")).toBeVisible();

  // A loaded machine: the cart sync's module arrives only after 登出 was pressed and the session has ended, and the
  // sign-in form's data arrives after that. The sync must not load the saved cart of a session that has ended (the
  // marker cookie is gone with the token), and nothing may send the reader to sign in again as if it had expired.
  const hold = () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { held, release };
  };
  const syncModule = hold();
  const formData = hold();
  await page.route(/\/assets\/cart-account-sync-[^/]+\.js$/, async (route) => {
    await syncModule.held;
    await route.continue();
  });
  await page.route(
    (url) => url.pathname === "/login.data" && url.searchParams.get("session") === "signed-out",
    async (route) => {
      await formData.held;
      await route.continue();
    },
  );
  await page.goto("/member/profile");
  await waitForHydration(page);

  const savedCartReplies: number[] = [];
  page.on("response", async (res) => {
    if (res.url().endsWith("/api/frontend/cart/cache")) savedCartReplies.push((await res.json()).code);
  });
  const signedOut = page.waitForResponse(
    (res) => new URL(res.url()).pathname === "/login.data" && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "登出" }).click();
  await signedOut;
  const syncLoaded = page.waitForResponse((res) => /\/assets\/cart-account-sync-[^/]+\.js$/.test(res.url()));
  syncModule.release();
  await syncLoaded;
  formData.release();

  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await expect(page.getByText("您已登出。")).toBeVisible();
  // Nothing sends the reader on afterwards either, and the ended session's cart was never asked for.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await expect(page.getByText("您的登入已經結束")).toHaveCount(0);
  expect(savedCartReplies).toEqual([]);
});

test("a product page left open says the e-book is in the bookcase only while its owner is signed in", async ({
  page,
  context,
  request,
}) => {
  // The seeded demo member has an e-book in the bookcase.
  const demo = { email: "demo@example.com", password: "Demo1234" };
  const other = await registerMember(request, "讀者乙");
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("電子郵件").fill(demo.email);
  await page.getByLabel("密碼").fill(demo.password);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByText("林靜宜，您好")).toBeVisible();
  const shelf = (await (await page.request.get("/api/frontend/member/bookcase")).json()).data;
  const owned = shelf.items[0].product.id as number;
  await clientNavigate(page, `/product/${owned}`);
  await expect(page.getByTestId("product-held")).toHaveText("已在您的書櫃前往我的書櫃");
  await expect(page.getByRole("button", { name: "加入購物車" })).toHaveCount(0);

  // In another tab of the same browser, the demo member signs out and another member signs in.
  const tab = await context.newPage();
  await tab.goto("/login");
  await waitForHydration(tab);
  await tab.getByRole("button", { name: "登出" }).click();
  await expect(tab).toHaveURL(/\/login\?session=signed-out$/);
  await waitForHydration(tab);
  await signInOnLoginPage(tab, other);
  await expect(tab.getByText("讀者乙，您好")).toBeVisible();
  await tab.close();

  // Back on the open page: the other member is offered the button; nothing says where the demo member's copy is.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByRole("button", { name: "加入購物車" })).toBeVisible();
  await expect(page.getByTestId("product-held")).toHaveCount(0);
});
