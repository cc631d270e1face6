// The product page's actions and its structured data: favourite (guest → /login with the return address, the press
// kept through /login, /register or /recovery, member toggle), add to cart (local cart under the fixed key),
// JSON-LD Book with ISBN and a TWD offer.

import { expectAccessible } from "../support/a11y";
import { registerMember } from "../support/fixtures";
import { waitForHydration } from "../support/hydration";
import { SEEDED_PRODUCT_ID, seededProduct } from "../support/routes";
import { expect, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

async function jsonLd(page: Page, type: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === type);
}

test("a guest who presses 收藏 goes to /login; signing in adds the like and returns to the full path", async ({
  page,
  context,
  request,
}) => {
  // A member of the test's own: the like is added to their account, not the shared demo member's.
  const { email } = await registerMember(request, "Lotus2026");
  const path = `/product/${SEEDED_PRODUCT_ID}?from=home#related-title`;
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這本書/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("login-reason")).toHaveText("請先登入會員，登入後會為您加入收藏。");
  const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
  expect(decodeURIComponent(cookie?.value ?? "")).toBe(path);
  expect(cookie?.httpOnly).toBe(true);

  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼").fill("Lotus2026");
  await page.getByRole("button", { name: "登入" }).click();
  // Back to the full path (SPEC §2), the like added: the page's 收藏 shows it.
  await expect(page).toHaveURL(new RegExp(`/product/${SEEDED_PRODUCT_ID}\\?from=home`));
  await expect(page.getByRole("button", { name: "收藏這本書", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("the kept 收藏 follows a guest who registers instead: /register says so, and the new account gets the like", async ({
  page,
  context,
}) => {
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這本書/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "加入會員" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId("pending-like")).toHaveText("加入會員後，會為您加入收藏。");
  await expect(page.getByRole("button", { name: "不要加入收藏" })).toBeVisible();
  await expectAccessible(page);
  // By keyboard, declined: the button goes, focus goes to the heading (not to nothing), and the form follows it.
  await page.getByRole("button", { name: "不要加入收藏" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("pending-like")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "加入會員" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("電子郵件", { exact: true })).toBeFocused();
  // Pressed again, the like is kept once more for the registration below.
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這本書/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "加入會員" }).click();
  await expect(page.getByTestId("pending-like")).toBeVisible();

  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field("電子郵件").fill(`t-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`);
  await field("姓名").fill("測試讀者");
  await field("密碼").fill("Lotus2026");
  await field("確認密碼").fill("Lotus2026");
  await page.getByRole("button", { name: "加入會員" }).click();
  // Back to the page the 收藏 was pressed on, the like added to the new account, the kept press spent.
  await expect(page).toHaveURL(new RegExp(`/product/${SEEDED_PRODUCT_ID}$`));
  await expect(page.getByRole("button", { name: "收藏這本書", exact: true })).toHaveAttribute("aria-pressed", "true");
  expect((await context.cookies()).map((c) => c.name)).not.toContain("bookstore_pending_like");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** A guest's 收藏 on the seeded product, as a plain form post: it leads to /login. */
  async function pressLikeWithoutScripts(page: Page) {
    await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
    await page.getByRole("button", { name: /收藏這本書/ }).click();
    await expect(page).toHaveURL(/\/login$/);
  }

  test("the guest's favourite still remembers the page and goes to /login, where it can be declined", async ({
    page,
    context,
  }) => {
    await pressLikeWithoutScripts(page);
    const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe(`/product/${SEEDED_PRODUCT_ID}`);
    // Not theirs, or changed their mind (a shared browser): 不要加入收藏 forgets it; signing in still leads back.
    await expect(page.getByTestId("login-reason")).toHaveText("請先登入會員，登入後會為您加入收藏。");
    await page.getByRole("button", { name: "不要加入收藏" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("login-reason")).toHaveText("請先登入會員，登入後將回到剛才的頁面。");
    await expect(page.getByRole("button", { name: "不要加入收藏" })).toHaveCount(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("bookstore_pending_like");
  });

  test("/recovery says what happens to the kept 收藏, and 不要加入收藏 there forgets it and stays", async ({
    page,
    context,
  }) => {
    await pressLikeWithoutScripts(page);
    await page.getByRole("link", { name: "忘記密碼" }).click();
    await expect(page.getByTestId("pending-like")).toHaveText("重設密碼並登入後，會為您加入收藏。");
    await page.getByRole("button", { name: "不要加入收藏" }).click();
    await expect(page).toHaveURL(/\/recovery$/);
    await expect(page.getByRole("heading", { name: "忘記密碼" })).toBeVisible();
    await expect(page.getByTestId("pending-like")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "不要加入收藏" })).toHaveCount(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("bookstore_pending_like");
    // Nothing is left to say on /register either.
    await page.goto("/register");
    await expect(page.getByTestId("pending-like")).toHaveCount(0);
  });

  test("加入購物車 and the cart say they need JavaScript, rather than doing nothing", async ({ page }) => {
    await page.goto("/product/1"); // in stock (the checkout tests order it)
    await expect(page.getByText("加入購物車需要瀏覽器啟用 JavaScript。")).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByText("購物車需要瀏覽器啟用 JavaScript 才能使用，請啟用後重新整理本頁。")).toBeVisible();
    // Nothing will read the cart here: no 正在讀取購物車… that waits forever, and no theme controls that do nothing.
    await expect(page.getByText("正在讀取購物車…")).toBeHidden();
    await expect(page.getByRole("button", { name: "深色模式" })).toBeHidden();
    await expect(page.getByLabel("背景")).toBeHidden();
  });
});

test("with JavaScript, the notes for browsers without it are not shown", async ({ page }) => {
  await page.goto("/product/1");
  await expect(page.getByText("加入購物車需要瀏覽器啟用 JavaScript。")).toBeHidden();
  await page.goto("/cart");
  await expect(page.getByText("購物車需要瀏覽器啟用 JavaScript 才能使用，請啟用後重新整理本頁。")).toBeHidden();
  await expect(page.getByRole("button", { name: "深色模式" })).toBeVisible();
});

test("a return address that leaves the site is refused", async ({ page, context }) => {
  await page.goto("/login");
  const res = await page.request.post("/login", {
    form: { intent: "sign-in-first", return_to: "//evil.example.com/x" },
    maxRedirects: 0,
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(303);
  const setCookie = res.headers()["set-cookie"] ?? "";
  expect(decodeURIComponent(/bookstore_return_url=([^;]*)/.exec(setCookie)?.[1] ?? "")).toBe("/");
  expect((await context.cookies()).some((c) => c.value.includes("evil"))).toBe(false);
});

test("a member toggles the favourite and the likes follow", async ({ page }) => {
  await signInNewMember(page);
  await page.goto("/product/2");
  await waitForHydration(page);
  // A toggle button keeps one name (exactly 收藏這本書); its state is aria-pressed only.
  const button = page.getByRole("button", { name: "收藏這本書", exact: true });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName("收藏這本書");
  await expect(button).toHaveText("收藏");
  let likes = (await (await page.request.get("/api/frontend/member/likes")).json()).data;
  expect(likes[0].items).toContain(2);
  await expectAccessible(page);
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  likes = (await (await page.request.get("/api/frontend/member/likes")).json()).data;
  expect(likes[0].items).not.toContain(2);
});

test("加入購物車 adds one at a time to the local cart under the fixed key", async ({ page }) => {
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  const add = page.getByRole("button", { name: "加入購物車" });
  await add.click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toContainText(
    "已加入購物車，這項商品共 1 件。",
  );
  await add.click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toContainText("共 2 件");
  // A double-click is one press more, not two (its second click has detail 2); Enter and Space add one each.
  await add.dblclick();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toContainText("共 3 件");
  await add.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toContainText("共 4 件");
  const stored = await page.evaluate(() => localStorage.getItem("website-cart"));
  expect(JSON.parse(stored ?? "{}")).toEqual({ [SEEDED_PRODUCT_ID]: 4 });
});

test("加入購物車 stops at the item's limit and says so, with the quantity the cart holds", async ({ page }) => {
  const product = (await (await page.request.get(`/api/frontend/products/${SEEDED_PRODUCT_ID}`)).json()).data;
  const most: number = product.quantity_max;
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThan(20);
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  // A quantity above the limit (the stock fell since it was added) comes down to it at the next press.
  await page.evaluate((id) => localStorage.setItem("website-cart", JSON.stringify({ [id]: 99 })), SEEDED_PRODUCT_ID);
  await page.getByRole("button", { name: "加入購物車" }).click();
  const status = page.getByRole("status").filter({ hasText: "購物車" });
  await expect(status).toContainText(`已達每筆訂單上限，購物車內這項商品共 ${most} 件。`);
  const stored = await page.evaluate(() => localStorage.getItem("website-cart"));
  expect(JSON.parse(stored ?? "{}")).toEqual({ [SEEDED_PRODUCT_ID]: most });
});

test("a member's cart is saved to the account as it changes", async ({ page }) => {
  await signInNewMember(page);
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  await waitForHydration(page);
  await page.evaluate(() => localStorage.setItem("website-cart", JSON.stringify({ "7": 1 })));
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toBeVisible();
  // Saves are debounced (app/features/cart/cart-sync.ts): the account has it shortly after.
  await expect
    .poll(async () => (await (await page.request.get("/api/frontend/cart/cache")).json()).data)
    .toEqual({ "7": 1, [SEEDED_PRODUCT_ID]: 1 });
});

test("a member's two devices both add to the cart: neither book is lost", async ({ page, browser }) => {
  const email = await signInNewMember(page);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    const login = await phone.request.post("/api/frontend/member/login", { data: { email, password: "Lotus2026" } });
    expect((await login.json()).code).toBe(1);
    // Both devices open a book page and load the (empty) saved cart.
    await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
    await phone.goto("/product/3");
    await waitForHydration(page);
    await waitForHydration(phone);
    const saved = async () => (await (await page.request.get("/api/frontend/cart/cache")).json()).data;
    await page.getByRole("button", { name: "加入購物車" }).click();
    await expect.poll(saved).toEqual({ [SEEDED_PRODUCT_ID]: 1 });
    // The phone has not seen that save; its own add is refused as stale, and it takes the first book in.
    await phone.getByRole("button", { name: "加入購物車" }).click();
    await expect.poll(saved).toEqual({ [SEEDED_PRODUCT_ID]: 1, "3": 1 });
    const phoneCart = async () => JSON.parse((await phone.evaluate(() => localStorage.getItem("website-cart"))) ?? "");
    await expect.poll(phoneCart).toEqual({ [SEEDED_PRODUCT_ID]: 1, "3": 1 });
  } finally {
    await other.close();
  }
});

test("the product page describes the book to search engines", async ({ page, request }) => {
  const product = (await (await request.get(`/api/frontend/products/${SEEDED_PRODUCT_ID}`)).json()).data;
  await page.goto(`/product/${SEEDED_PRODUCT_ID}`);
  const origin = new URL(page.url()).origin;
  const book = await jsonLd(page, "Book");
  expect(book).toMatchObject({
    "@context": "https://schema.org",
    name: product.title,
    isbn: product.isbn,
    url: `${origin}/product/${SEEDED_PRODUCT_ID}`,
    offers: { "@type": "Offer", price: product.price_sale, priceCurrency: "TWD" },
  });
  expect(book.author.length).toBeGreaterThan(0);
  const crumbs = await jsonLd(page, "BreadcrumbList");
  expect(crumbs.itemListElement.at(-1).name).toBe((await seededProduct(request)).title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/product/${SEEDED_PRODUCT_ID}`);
  await expectAccessible(page);
});

test("authors are favourited the same way: a guest goes to /login, a member toggles", async ({ page, context }) => {
  await page.goto("/author/3");
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這位作者/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
  expect(decodeURIComponent(cookie?.value ?? "")).toBe("/author/3");

  await signInNewMember(page);
  await page.goto("/author/3");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "收藏這位作者", exact: true });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName("收藏這位作者");
  const likes = (await (await page.request.get("/api/frontend/member/likes")).json()).data;
  expect(likes[1].items).toContain(3);
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
});

test("articles are favourited too: a guest is sent to /login with the article as the return address", async ({
  page,
  context,
  request,
}) => {
  const article = (await (await request.get("/api/frontend/articles?per_page=1")).json()).data.items[0];
  await page.goto(`/article/${article.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /收藏這篇文章/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
  expect(decodeURIComponent(cookie?.value ?? "")).toBe(`/article/${article.id}`);
});
