// Members as fast as guests (issue 25): a public page is the same edge-cached document for everyone, and the member's
// parts are filled in by the browser from the member's own calls. The member sees their header, likes and cart count
// on a cached HIT; a second member and a guest, served the same cached bytes, never see the first member's state.

import type { Browser, Page, Response } from "@playwright/test";
import { registerMember } from "../support/fixtures";
import { waitForHydration } from "../support/hydration";
import { expect, test } from "../support/test";
import { signInNewMember } from "./support/session";

const PATH = "/product/2";

/** Opens PATH until the edge cache answers it (a miss is stored while it streams); the reply. */
async function openCached(page: Page): Promise<Response | null> {
  let response: Response | null = null;
  for (let i = 0; i < 20; i++) {
    response = await page.goto(PATH);
    if (!response?.headers()["x-cache"] || response.headers()["x-cache"] === "HIT") break;
    await page.waitForTimeout(100);
  }
  return response;
}

/** A reply's bytes, but for the CSP nonces each reply is given. */
const withoutNonces = (html: string | undefined) => (html ?? "").replace(/nonce="[^"]*"/g, 'nonce=""');

const memberNav = (page: Page) => page.getByRole("navigation", { name: "會員" });
const likeButton = (page: Page) => page.getByRole("button", { name: "收藏這本書", exact: true });
const cartLink = (page: Page) => page.getByTestId("header-cart");

async function newReader(browser: Browser, member: boolean) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  if (member) await signInNewMember(page);
  return { context, page };
}

test("a member's public page is an edge HIT showing their own header, likes and cart count; others never see them", async ({
  browser,
}) => {
  test.slow();
  const first = await newReader(browser, true);
  const second = await newReader(browser, true);
  const guest = await newReader(browser, false);
  try {
    const response = await openCached(first.page);
    test.skip(!response?.headers()["x-cache"], "not talking to the storefront's edge cache");
    expect(response?.headers()["x-cache"]).toBe("HIT");
    // The header is the member's from the first paint (the boot script read the session marker), before hydration.
    await expect(memberNav(first.page).getByRole("link", { name: "會員中心" })).toBeVisible();
    await expect(memberNav(first.page).getByRole("button", { name: "登出" })).toBeVisible();
    await expect(memberNav(first.page).getByRole("link", { name: "登入" })).toBeHidden();
    await waitForHydration(first.page);

    // Likes and the cart, through the member's own calls.
    await expect(likeButton(first.page)).toHaveAttribute("aria-pressed", "false");
    await likeButton(first.page).click();
    await expect(likeButton(first.page)).toHaveAttribute("aria-pressed", "true");
    await first.page.getByRole("button", { name: "加入購物車" }).click();
    await expect(first.page.getByRole("status").filter({ hasText: "已加入購物車" })).toBeVisible();
    await expect(cartLink(first.page)).toHaveAttribute("aria-label", "購物車，1 項商品");

    // Again from the cache: still HIT, still theirs.
    const again = await first.page.reload();
    expect(again?.headers()["x-cache"]).toBe("HIT");
    await waitForHydration(first.page);
    await expect(likeButton(first.page)).toHaveAttribute("aria-pressed", "true");
    await expect(cartLink(first.page)).toHaveAttribute("aria-label", "購物車，1 項商品");
    const firstBytes = await again?.text();

    // A second member: the same bytes, their own (empty) state.
    const secondResponse = await second.page.goto(PATH);
    expect(secondResponse?.headers()["x-cache"]).toBe("HIT");
    expect(withoutNonces(await secondResponse?.text())).toBe(withoutNonces(firstBytes));
    await waitForHydration(second.page);
    await expect(memberNav(second.page).getByRole("link", { name: "會員中心" })).toBeVisible();
    await expect(likeButton(second.page)).toHaveAttribute("aria-pressed", "false");
    await expect(likeButton(second.page)).toBeEnabled();
    await expect(cartLink(second.page)).toHaveAttribute("aria-label", "購物車，0 項商品");

    // A guest: the same page, a guest's header and a 收藏 that asks to sign in first.
    const guestResponse = await guest.page.goto(PATH);
    expect(guestResponse?.headers()["x-cache"]).toBe("HIT");
    await waitForHydration(guest.page);
    await expect(memberNav(guest.page).getByRole("link", { name: "登入" })).toBeVisible();
    await expect(memberNav(guest.page).getByRole("link", { name: "會員中心" })).toBeHidden();
    await expect(guest.page.getByRole("button", { name: "收藏這本書（需先登入）" })).toBeVisible();
    await expect(cartLink(guest.page)).toHaveAttribute("aria-label", "購物車，0 項商品");

    // The first member signs out in their tab: the same cached page shows a guest's header at once.
    await memberNav(first.page).getByRole("button", { name: "登出" }).click();
    await first.page.goto(PATH);
    await waitForHydration(first.page);
    await expect(memberNav(first.page).getByRole("link", { name: "登入" })).toBeVisible();
    await expect(first.page.getByRole("button", { name: "收藏這本書（需先登入）" })).toBeVisible();
  } finally {
    await Promise.all([first.context.close(), second.context.close(), guest.context.close()]);
  }
});

// Without JavaScript the boot script does not run, so a member meets the cached page as a guest would: 登入 in the
// header and 收藏 as the guest's form to /login. Neither asks them to sign in again.
test.describe("a member without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("presses the guest's 收藏 on the cached page: the like is added and shown among their favourites; 登入 sends them on", async ({
    page,
  }) => {
    await signInNewMember(page);
    const title = (await (await page.request.get(`/api/frontend/products/${PATH.split("/").at(-1)}`)).json()).data
      .title as string;
    const response = await openCached(page);
    test.skip(!response?.headers()["x-cache"], "not talking to the storefront's edge cache");
    expect(response?.headers()["x-cache"]).toBe("HIT");
    await expect(memberNav(page).getByRole("link", { name: "登入" })).toBeVisible();

    // The cached page is the guest's and cannot show the like: the member's favourites do, with the way back.
    await page.getByRole("button", { name: "收藏這本書（需先登入）" }).click();
    await expect(page).toHaveURL(/\/member\/favorites\?tab=books$/);
    await expect(page.getByRole("status").filter({ hasText: "已加入收藏。" })).toBeVisible();
    await expect(page.getByRole("list", { name: "收藏的書籍" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "收藏的書籍" })).toContainText(title);
    await page.getByRole("link", { name: "回到剛才的頁面" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Said once (a one-shot cookie, not the address): not again on the next visit, nor for a crafted address.
    for (const again of ["/member/favorites?tab=books", `/member/favorites?tab=books&liked=${PATH}&removed=1`]) {
      await page.goto(again);
      await expect(page.getByRole("list", { name: "收藏的書籍" })).toContainText(title);
      await expect(page.getByTestId("liked-notice")).toHaveCount(0);
      await expect(page.getByText("已取消收藏。")).toHaveCount(0);
    }

    // The header's 登入 (the page cannot show 會員中心 without the boot script) leads on, not to the form.
    await page.goto(PATH);
    await memberNav(page).getByRole("link", { name: "登入" }).click();
    await expect(page).toHaveURL(/\/member\/profile$/);
    await expect(page.getByText("測試讀者，您好")).toBeVisible();
  });

  test("a guest's press of the same 收藏 goes to the login form, remembering the page; signing in adds the like", async ({
    page,
    context,
    request,
  }) => {
    const { email } = await registerMember(request, "Lotus2026");
    const response = await openCached(page);
    test.skip(!response?.headers()["x-cache"], "not talking to the storefront's edge cache");
    await page.getByRole("button", { name: "收藏這本書（需先登入）" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "會員登入" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe(PATH);

    await expect(page.getByText("請先登入會員，登入後會為您加入收藏。")).toBeVisible();
    // Signing in finishes what they pressed and comes back to the page (SPEC §2); the like is among their favourites.
    await page.getByLabel("電子郵件").fill(email);
    await page.getByLabel("密碼").fill("Lotus2026");
    await page.getByRole("button", { name: "登入" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await page.goto("/member/favorites?tab=books");
    await expect(page.getByRole("list", { name: "收藏的書籍" }).getByRole("listitem")).toHaveCount(1);
    // Once: the kept press and the way back are spent.
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain("bookstore_pending_like");
    expect(names).not.toContain("bookstore_return_url");
  });
});
