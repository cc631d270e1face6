// What readers see when the API origin hangs, is slow, fails or answers garbage (the stand-in origin's modes):
// a page without cached data is the Chinese 暫時無法取得資料 page, HTTP 503 with Retry-After, within the timeout;
// member pages too; cached catalogue pages keep being served; the cart stays in local storage.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE } from "../support/routes";
import { expect, type Page, test } from "../support/test";
import {
  API,
  FAILING_MODES,
  setFault,
  signInAtPlainStorefront,
  uncachedSearch,
  WITHIN_TIMEOUT_MS,
} from "./support/faults";

test.beforeEach(async () => {
  await setFault("pass");
});

test.afterAll(async () => {
  await setFault("pass");
});

/** Opens `path`; the reply and how long the document took. */
async function open(page: Page, path: string) {
  const started = Date.now();
  const res = await page.goto(path);
  return { res, ms: Date.now() - started };
}

async function expectUnavailablePage(page: Page) {
  await expect(page).toHaveTitle(`暫時無法取得資料 - ${SITE_TITLE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("暫時無法取得資料");
  await expect(page.getByRole("alert")).toContainText("系統忙碌或連線不穩");
  await expect(page.getByRole("link", { name: "重新載入" })).toHaveAttribute(
    "href",
    new URL(page.url()).pathname + new URL(page.url()).search,
  );
  const text = await page.locator("main").textContent();
  expect(text).not.toMatch(/Error|stack|undefined|ApiError|504|502|at \w+ \(/);
}

test("in pass mode the storefront works through the stand-in origin", async ({ page }) => {
  const { res } = await open(page, "/product/1");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("暫時無法取得資料");
  await signInAtPlainStorefront(page.request);
  expect((await open(page, "/member/profile")).res?.status()).toBe(200);
  await expect(page.getByLabel("姓名")).toHaveValue("故障測試讀者");
});

test("a slow origin that answers within the timeout still gives the page", async ({ page }) => {
  await setFault("slow", 300);
  const { res } = await open(page, uncachedSearch());
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("暫時無法取得資料");
});

for (const { mode } of FAILING_MODES) {
  test(`origin ${mode}: a guest page with no cached data is 暫時無法取得資料, HTTP 503 with Retry-After, in time`, async ({
    page,
  }) => {
    await setFault(mode);
    const { res, ms } = await open(page, uncachedSearch());
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("30");
    expect(ms).toBeLessThan(WITHIN_TIMEOUT_MS);
    await expectUnavailablePage(page);
  });

  test(`origin ${mode}: a member page is 暫時無法取得資料, HTTP 503 with Retry-After, in time`, async ({ page }) => {
    await signInAtPlainStorefront(page.request);
    await setFault(mode);
    const { res, ms } = await open(page, "/member/profile");
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBe("30");
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    expect(ms).toBeLessThan(WITHIN_TIMEOUT_MS);
    await expectUnavailablePage(page);
    // Still signed in: a failing origin is not a lost session.
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("bookstore_token");
  });
}

test("the 暫時無法取得資料 page is accessible in both themes, and 重新載入 brings the page back once the origin is up", async ({
  page,
}) => {
  const path = uncachedSearch();
  await setFault("500");
  expect((await open(page, path)).res?.status()).toBe(503);
  await waitForHydration(page);
  await expectAccessible(page);
  await setFault("pass");
  await page.getByRole("link", { name: "重新載入" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("暫時無法取得資料");
  await expect(page).toHaveTitle(/^搜尋/);
});

test("a member page of a signed-in reader is accessible when unavailable", async ({ page }) => {
  await signInAtPlainStorefront(page.request);
  await setFault("hang");
  expect((await open(page, "/member/orders")).res?.status()).toBe(503);
  await waitForHydration(page);
  await expectUnavailablePage(page);
  await expectAccessible(page);
});

test("catalogue pages seen before keep being served from the edge while the origin hangs", async ({ page }) => {
  // Seen once while the origin works: the page and its API replies are stored at the edge.
  const product = 2 + Math.floor(Math.random() * 40);
  expect((await open(page, `/product/${product}`)).res?.status()).toBe(200);
  const title = await page.title();
  const api = await page.request.get(`${API}/products/${product}`);
  expect((await api.json()).code).toBe(1);

  await setFault("hang");
  const again = await open(page, `/product/${product}`);
  expect(again.res?.status()).toBe(200);
  expect(again.res?.headers()["x-cache"]).toMatch(/^(HIT|STALE|STALE-IF-ERROR)$/);
  await expect(page).toHaveTitle(title);
  const cached = await page.request.get(`${API}/products/${product}`);
  expect(cached.status()).toBe(200);
  expect(cached.headers()["x-cache"]).toMatch(/^(HIT|STALE|STALE-IF-ERROR)$/);
  expect((await cached.json()).data.id).toBe(product);
});

test("a guest's cart stays in local storage through a failing origin, and shows again once it is back", async ({
  page,
}) => {
  await setFault("pass");
  await page.goto("/cart");
  const summary = await page.request.post(`${API}/cart/summary`, { data: { id_list: [1, 2, 3, 4, 5, 6, 7, 8] } });
  const item = ((await summary.json()).data as { id: number; category_id: number; quantity_max: number }[]).find(
    (candidate) => candidate.category_id === 1 && candidate.quantity_max >= 2,
  );
  expect(item, "a paper book among the first products").toBeTruthy();
  const cart = { [String(item?.id)]: 2 };
  await page.evaluate((value) => localStorage.setItem("website-cart", JSON.stringify(value)), cart);

  await setFault("reset");
  // A page that fails on the server (503) does not touch the cart.
  expect((await open(page, uncachedSearch())).res?.status()).toBe(503);
  await waitForHydration(page);
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByRole("alert")).toContainText("暫時無法取得購物車內容");
  const localCart = () => page.evaluate(() => JSON.parse(localStorage.getItem("website-cart") ?? "{}"));
  expect(await localCart()).toEqual(cart);

  await setFault("pass");
  await page.getByRole("button", { name: "重試" }).click();
  await expect(page.getByTestId(`cart-line-${item?.id}`)).toBeVisible();
  expect(await localCart()).toEqual(cart);
});
