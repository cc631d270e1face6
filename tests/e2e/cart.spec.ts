// The cart (SPEC §3–§5, §7): /cart's two groups and their subtotals, the quantity stepper within the caps, removal,
// unknown items, the header count (also in a second tab), a member's saved cart merged across devices (and never
// overwritten before it has loaded), a failed save retried, a guest's 結帳 through /login, keyboard use and axe.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { type APIRequestContext, type Browser, expect, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const API = "/api/frontend";
const PASSWORD = "Lotus2026";

interface SummaryItem {
  id: number;
  quantity_max: number | null;
  category_id: number;
  is_pre_order: boolean;
  price_sale: number;
  readmoo_link: string | null;
}

/** Seeded products that suit each case, found through the API (the seed is deterministic, but ids are not named). */
async function findProducts(request: APIRequestContext) {
  const res = await request.post(`${API}/cart/summary`, {
    data: { id_list: Array.from({ length: 200 }, (_, i) => i + 1) },
  });
  const items: SummaryItem[] = (await res.json()).data;
  const find = (what: string, test: (item: SummaryItem) => boolean, skip: number[] = []) => {
    const item = items.find((i) => test(i) && !skip.includes(i.id));
    if (!item) throw new Error(`no seeded product: ${what}`);
    return item;
  };
  const capped = (i: SummaryItem) =>
    i.category_id === 1 && !i.is_pre_order && i.quantity_max !== null && i.quantity_max >= 3 && i.quantity_max <= 10;
  const paper = find("paper book with a small cap", capped);
  const paper2 = find("a second paper book", capped, [paper.id]);
  const paper3 = find("a third paper book", capped, [paper.id, paper2.id]);
  const ebook = find("e-book without a reading link", (i) => i.category_id === 2 && !i.readmoo_link);
  const readmoo = find("e-book with a reading link", (i) => i.category_id === 2 && !!i.readmoo_link);
  const soldOut = find("sold-out paper book", (i) => i.category_id === 1 && !i.is_pre_order && i.quantity_max === 0);
  return { paper, paper2, paper3, ebook, readmoo, soldOut };
}

const price = (amount: number) => `NT$${amount.toLocaleString("en-US")}`;

/** Replaces the browser's local cart (the page must be on the site). */
async function setLocalCart(page: Page, cart: Record<string, number>) {
  await page.evaluate((value) => localStorage.setItem("website-cart", JSON.stringify(value)), cart);
}

const localCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("website-cart") ?? "{}") as Record<string, number>);

const savedCart = async (page: Page) => (await (await page.request.get(`${API}/cart/cache`)).json()).data;

const headerCart = (page: Page) => page.getByTestId("header-cart");

async function openCart(page: Page, path = "/cart") {
  await page.goto(path);
  await waitForHydration(page);
}

/** A guest's page with `cart` in local storage, on /cart. */
async function guestCart(page: Page, cart: Record<string, number>) {
  await page.goto("/");
  await setLocalCart(page, cart);
  await openCart(page);
}

async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼").fill(PASSWORD);
  await page.getByRole("button", { name: "登入" }).click();
}

/** A member registered through the API alone (their own cookie jar), to sign in from browsers later. */
async function registerMember(request: APIRequestContext) {
  const email = `cart-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post(`${API}/member/register`, { data: { email, password: PASSWORD, name: "測試讀者" } });
  expect((await res.json()).code).toBe(1);
  return email;
}

/** A fresh browser context (a device) with the local cart `cart`, signed in as `email` through the login form. */
async function deviceSignsIn(browser: Browser, email: string, cart: Record<string, number>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await setLocalCart(page, cart);
  await waitForHydration(page);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/member\/profile/);
  return { context, page };
}

test("a guest's paper book and e-book: two groups with their subtotals, the header counting along", async ({
  page,
  request,
}) => {
  const { paper, ebook, readmoo } = await findProducts(request);
  await page.goto(`/product/${paper.id}`);
  await waitForHydration(page);
  await expect(headerCart(page)).toHaveAccessibleName("購物車，0 項商品");
  await page.getByRole("button", { name: "加入購物車" }).click();
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(headerCart(page)).toHaveAccessibleName("購物車，1 項商品");
  await page.goto(`/product/${ebook.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(headerCart(page)).toHaveAccessibleName("購物車，2 項商品");
  // An e-book read on Readmoo is shown in its group but is not part of checkout.
  await setLocalCart(page, { ...(await localCart(page)), [readmoo.id]: 1 });

  await openCart(page);
  await expect(headerCart(page)).toHaveAccessibleName("購物車，3 項商品");
  const physical = page.getByRole("region", { name: "實體商品" });
  const digital = page.getByRole("region", { name: "數位商品" });
  await expect(physical.getByRole("listitem")).toHaveCount(1);
  await expect(digital.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("cart-subtotal-0")).toContainText(price(paper.price_sale * 2));
  await expect(page.getByTestId("cart-subtotal-1")).toContainText(price(ebook.price_sale));
  await expect(page.getByTestId("cart-subtotal-1")).toContainText("1 項可結帳");

  const paperLine = page.getByTestId(`cart-line-${paper.id}`);
  await expect(paperLine).toContainText("紙書");
  await expect(paperLine).toContainText(`單價 ${price(paper.price_sale)}`);
  const detail = (await (await request.get(`${API}/products/${paper.id}`)).json()).data;
  await expect(paperLine.getByRole("link", { name: detail.title })).toHaveAttribute("href", `/product/${paper.id}`);
  const ebookLine = page.getByTestId(`cart-line-${ebook.id}`);
  await expect(ebookLine).toContainText("電子書");
  await expect(ebookLine).toContainText("數量 1");
  await expect(ebookLine.getByRole("spinbutton")).toHaveCount(0);
  const readmooLine = page.getByTestId(`cart-line-${readmoo.id}`);
  await expect(readmooLine.getByRole("link", { name: /前往 Readmoo 閱讀/ })).toHaveAttribute(
    "href",
    readmoo.readmoo_link ?? "",
  );
  await expect(readmooLine).toContainText("不列入結帳");
});

test("the stepper stays within the cap; 移除 removes; the header follows in a second tab", async ({
  page,
  context,
  request,
}) => {
  const { paper, soldOut } = await findProducts(request);
  const cap = paper.quantity_max as number;
  const title = (await (await request.get(`${API}/products/${paper.id}`)).json()).data.title;
  // A stored quantity above the cap counts as the cap.
  await guestCart(page, { [paper.id]: cap + 4, [soldOut.id]: 1 });
  const quantity = page.getByRole("spinbutton", { name: `《${title}》數量` });
  const more = page.getByRole("button", { name: `增加《${title}》數量` });
  const less = page.getByRole("button", { name: `減少《${title}》數量` });
  await expect(quantity).toHaveValue(String(cap));
  // Not called a shortage: the cap is per order, and the stock may be plenty.
  await expect(page.getByTestId("stock-short")).toHaveText(`目前最多可訂購 ${cap} 件，數量已調整為 ${cap} 件`);
  await expect(more).toHaveAttribute("aria-disabled", "true");
  // Pressed at its limit (it stays focusable, so Playwright must be told to press it anyway), it does nothing.
  await more.click({ force: true });
  await expect(quantity).toHaveValue(String(cap));
  await expect(page.getByTestId("cart-subtotal-0")).toContainText(price(paper.price_sale * cap));
  await less.click();
  await expect(quantity).toHaveValue(String(cap - 1));
  expect((await localCart(page))[paper.id]).toBe(cap - 1);
  // The buttons keep their names, so the page's status says the new quantity.
  await expect(page.getByTestId("cart-notice")).toHaveText(`《${title}》數量改為 ${cap - 1}。`);
  await expect(page.getByTestId("cart-notice")).toHaveRole("status");
  await quantity.fill("99");
  await expect(quantity).toHaveValue(String(cap));
  expect((await localCart(page))[paper.id]).toBe(cap);
  await expect(page.getByTestId("cart-notice")).toHaveText(`《${title}》最多可訂購 ${cap} 件，數量改為 ${cap}。`);
  await quantity.fill("1");
  await expect(less).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("cart-subtotal-0")).toContainText(price(paper.price_sale));
  // A sold-out item (quantity_max 0) stays in its group, out of checkout and of the subtotal.
  await expect(page.getByTestId(`cart-line-${soldOut.id}`)).toContainText("目前無法訂購");
  await expect(page.getByTestId("cart-subtotal-0")).toContainText("1 項可結帳");

  const other = await context.newPage();
  await other.goto("/");
  await waitForHydration(other);
  await expect(headerCart(other)).toHaveAccessibleName("購物車，2 項商品");
  // A typed 0 removes the item once the field is left (SPEC §4), not while it is typed.
  await quantity.fill("0");
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toBeVisible();
  await quantity.blur();
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toHaveCount(0);
  await expect(page.getByTestId("cart-notice")).toContainText(`已移除《${title}》`);
  expect(await localCart(page)).toEqual({ [soldOut.id]: 1 });
  await expect(headerCart(page)).toHaveAccessibleName("購物車，1 項商品");
  await expect(headerCart(other)).toHaveAccessibleName("購物車，1 項商品");
  await page.getByRole("button", { name: /^移除/ }).click();
  await expect(page.getByText("購物車是空的。")).toBeVisible();
  await expect(page.getByRole("link", { name: "逛逛新書上架" })).toBeVisible();
  await expect(headerCart(other)).toHaveAccessibleName("購物車，0 項商品");
});

test("the header count comes after hydration: the server renders none and React reports no mismatch", async ({
  page,
  request,
}) => {
  const { paper, ebook } = await findProducts(request);
  await page.goto("/");
  await setLocalCart(page, { [paper.id]: 1, [ebook.id]: 1 });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const html = await (await page.request.get("/")).text();
  expect(html).not.toContain("項商品");
  await page.reload();
  await waitForHydration(page);
  await expect(headerCart(page)).toHaveAccessibleName("購物車，2 項商品");
  await expect(headerCart(page)).toHaveText("購物車2");
  expect(errors.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);
});

test("an unknown item in the local cart is removed, with a notice saying how many", async ({ page, request }) => {
  const { paper } = await findProducts(request);
  await guestCart(page, { [paper.id]: 1, "987654321": 2 });
  await expect(page.getByTestId("cart-notice")).toContainText("有 1 項商品已下架或查無資料，已從購物車移除");
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toBeVisible();
  expect(await localCart(page)).toEqual({ [paper.id]: 1 });
  await expect(headerCart(page)).toHaveAccessibleName("購物車，1 項商品");
});

test("a failing summary says so with a retry, and the cart is kept", async ({ page, request }) => {
  const { paper } = await findProducts(request);
  await page.route(`**${API}/cart/summary`, (route) => route.fulfill({ status: 503, body: "" }));
  await guestCart(page, { [paper.id]: 2 });
  await expect(page.getByRole("alert")).toContainText("暫時無法取得購物車內容");
  expect(await localCart(page)).toEqual({ [paper.id]: 2 });
  await page.unroute(`**${API}/cart/summary`);
  await page.getByRole("button", { name: "重試" }).click();
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toBeVisible();
});

test.describe("a member's cart on two devices", () => {
  test("{A:2} saved on one device and {B:1} on another gives both; {A:1} local over {A:2} saved gives 1", async ({
    browser,
    request,
  }) => {
    const { paper: a, paper2: b } = await findProducts(request);
    const email = await registerMember(request);
    // Device 1 signs in with an empty cart and adds A twice: saved {A:2}.
    const one = await deviceSignsIn(browser, email, {});
    await one.page.goto(`/product/${a.id}`);
    await waitForHydration(one.page);
    await one.page.getByRole("button", { name: "加入購物車" }).click();
    await one.page.getByRole("button", { name: "加入購物車" }).click();
    await expect.poll(() => savedCart(one.page)).toEqual({ [a.id]: 2 });

    // Device 2 has {B:1} as a guest and signs in: both, on the device and in the account.
    const two = await deviceSignsIn(browser, email, { [b.id]: 1 });
    await expect.poll(() => localCart(two.page)).toEqual({ [a.id]: 2, [b.id]: 1 });
    await expect.poll(() => savedCart(two.page)).toEqual({ [a.id]: 2, [b.id]: 1 });
    await expect(headerCart(two.page)).toHaveAccessibleName("購物車，2 項商品");

    // Device 3 has {A:1}: its own quantity wins over the saved 2.
    const three = await deviceSignsIn(browser, email, { [a.id]: 1 });
    await expect.poll(() => savedCart(three.page)).toEqual({ [a.id]: 1, [b.id]: 1 });
    expect(await localCart(three.page)).toEqual({ [a.id]: 1, [b.id]: 1 });
    for (const device of [one, two, three]) await device.context.close();
  });

  test("adding before the saved cart has loaded does not lose the saved items (the old overwrite)", async ({
    page,
    request,
  }) => {
    const { paper: a, paper2: b } = await findProducts(request);
    await signInNewMember(page);
    expect((await (await page.request.post(`${API}/cart/cache`, { data: { [a.id]: 2 } })).json()).code).toBe(1);

    // Hold this device's load of the saved cart until after the reader has added B.
    let releaseLoad = () => {};
    const loadHeld = new Promise<void>((resolve) => {
      releaseLoad = resolve;
    });
    const saves: unknown[] = [];
    await page.route(`**${API}/cart/cache`, async (route) => {
      if (route.request().method() === "GET") await loadHeld;
      else saves.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.goto(`/product/${b.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "加入購物車" }).click();
    await expect(page.getByRole("status").filter({ hasText: "已加入購物車" })).toContainText("共 1 件");
    await page.waitForTimeout(1500);
    expect(saves).toEqual([]);
    releaseLoad();
    await expect.poll(() => savedCart(page)).toEqual({ [a.id]: 2, [b.id]: 1 });
    expect(await localCart(page)).toEqual({ [a.id]: 2, [b.id]: 1 });
    expect(saves).toEqual([{ [a.id]: 2, [b.id]: 1 }]);
  });

  test("a failed save keeps the cart, says so quietly, and goes through on a retry", async ({ page, request }) => {
    const { paper: a } = await findProducts(request);
    await signInNewMember(page);
    let failing = true;
    await page.route(`**${API}/cart/cache`, (route) =>
      failing && route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"code":5,"message":"系統忙碌"}' })
        : route.continue(),
    );
    await page.goto(`/product/${a.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "加入購物車" }).click();
    const notice = page.getByRole("status").filter({ hasText: "購物車尚未同步到會員帳號，稍後會自動重試" });
    await expect(notice).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(await localCart(page)).toEqual({ [a.id]: 1 });
    failing = false;
    await expect(notice).toHaveCount(0, { timeout: 15_000 });
    expect(await savedCart(page)).toEqual({ [a.id]: 1 });
  });
});

test("a guest's 結帳 goes through /login and comes back to the checkout step with the same cart", async ({
  page,
  request,
}) => {
  const { paper, ebook } = await findProducts(request);
  const email = await registerMember(request);
  const cart = { [paper.id]: 2, [ebook.id]: 1 };
  await guestCart(page, cart);
  await page.getByRole("button", { name: "結帳：實體商品（需先登入）" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/cart\?checkout=0$/);
  await expect(page.getByRole("heading", { name: "實體商品結帳" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^送出訂單/ })).toBeVisible();
  expect(await localCart(page)).toEqual(cart);
  await expect.poll(() => savedCart(page)).toEqual(cart);
  await page.getByRole("link", { name: "返回購物車" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // A member's 結帳 goes straight to the step.
  await page.getByRole("button", { name: "結帳：數位商品" }).click();
  await expect(page).toHaveURL(/\/cart\?checkout=1$/);
  await expect(page.getByRole("heading", { name: "數位商品結帳" })).toBeVisible();

  // Signed out in another tab: this step says what a reload would (sign in, then back here), not that the cart is
  // empty, and signing in again comes back to it.
  const other = await page.context().newPage();
  await other.goto("/");
  await waitForHydration(other);
  await other.getByRole("button", { name: "登出" }).click();
  await expect(other.getByText("您已登出。")).toBeVisible();
  await other.close();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByRole("alert")).toHaveText(/請先登入會員，登入後將回到結帳。/);
  await page.getByRole("button", { name: "登入會員" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/cart\?checkout=1$/);
  await expect(page.getByRole("heading", { name: "數位商品結帳" })).toBeVisible();
});

test("a guest opening a checkout step directly is sent to sign in, with the step as the return address", async ({
  page,
  context,
}) => {
  await page.goto("/cart?checkout=1");
  await expect(page).toHaveURL(/\/login$/);
  const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
  expect(decodeURIComponent(cookie?.value ?? "")).toBe("/cart?checkout=1");
});

/** Presses Tab until the focused element's accessible name matches `name` (keyboard only). */
async function tabTo(page: Page, name: RegExp) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(
      () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "",
    );
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test("the cart works by keyboard alone: stepper, 移除 and 結帳", async ({ page, request }) => {
  const { paper, paper2, paper3, ebook } = await findProducts(request);
  await guestCart(page, { [paper.id]: 1, [paper2.id]: 1, [paper3.id]: 1, [ebook.id]: 1 });
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toBeVisible();
  const title = (await (await request.get(`${API}/products/${paper.id}`)).json()).data.title;
  const quantity = page.getByRole("spinbutton", { name: `《${title}》數量` });

  await tabTo(page, new RegExp(`^增加《${title}》數量$`));
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("2");
  await page.keyboard.press("Space");
  await expect(quantity).toHaveValue("3");
  await page.keyboard.press("Shift+Tab");
  await expect(quantity).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(quantity).toHaveValue("2");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(quantity).toHaveValue("1");

  await tabTo(page, new RegExp(`^移除《${title}》$`));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId(`cart-line-${paper.id}`)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  // 0 and Enter in a quantity removes that item too, and the focus goes to the heading as with 移除.
  const title3 = (await (await request.get(`${API}/products/${paper3.id}`)).json()).data.title;
  await tabTo(page, new RegExp(`^《${title3}》數量$`));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("0");
  await expect(page.getByTestId(`cart-line-${paper3.id}`)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId(`cart-line-${paper3.id}`)).toHaveCount(0);
  await expect(page.getByTestId("cart-notice")).toContainText(`已移除《${title3}》`);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  await tabTo(page, /^結帳：實體商品/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login$/);
});

for (const viewport of [
  { name: "360 px", width: 360, height: 800 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`axe finds nothing on /cart at ${viewport.name}, in both themes`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { paper, ebook, readmoo, soldOut } = await findProducts(request);
    await guestCart(page, { [paper.id]: 2, [ebook.id]: 1, [readmoo.id]: 1, [soldOut.id]: 1 });
    await expect(page.getByTestId(`cart-line-${paper.id}`)).toBeVisible();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await guestCart(page, {});
    await expect(page.getByText("購物車是空的。")).toBeVisible();
    await expectAccessible(page);
  });
}
