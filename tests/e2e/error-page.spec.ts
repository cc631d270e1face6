// The error page of SPEC §2 and the unknown-route 404.

import { expectAccessible } from "../support/a11y";
import { dropConnection, restoreConnection } from "../support/connection";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE } from "../support/routes";
import { expect, test } from "../support/test";

test("an unknown path answers 404 with 'Page not found' and the path on the error page", async ({ page }) => {
  const res = await page.goto("/no/such/page?x=1");
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(`查無內容 - ${SITE_TITLE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("查無內容");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading")).toHaveText("提示訊息");
  await expect(alert).toContainText("很抱歉！您所要進入的頁面連結可能有誤。");
  await expect(page.getByTestId("not-found")).toHaveText("404 Page not found: /no/such/page");
  await expectAccessible(page);
});

test("an unknown product shows the error page with HTTP 404 and no technical details", async ({ page }) => {
  const res = await page.goto("/product/987654321");
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(`查無內容 - ${SITE_TITLE}`);
  await expect(page.getByRole("alert")).toContainText("很抱歉！您所要進入的頁面連結可能有誤。");
  const text = await page.locator("main").textContent();
  expect(text).not.toMatch(/Error|stack|undefined|ApiError|at \w+ \(/);
  await expectAccessible(page);
});

test("返回首頁 replaces the error page with / in the history", async ({ page }) => {
  await page.goto("/about/history");
  await page.goto("/no/such/page");
  await waitForHydration(page);
  await page.getByRole("button", { name: "返回首頁" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: SITE_TITLE })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about\/history$/);
});

test("a page whose data the connection lost says 連線失敗, not a wrong link, and 重新載入 brings it", async ({
  page,
}) => {
  await page.goto("/product/1");
  await waitForHydration(page);
  const publisher = page.locator('main a[href^="/publisher/"]').first();
  const target = (await publisher.getAttribute("href")) ?? "";
  // The next page's data (React Router's .data request) never reaches the server: the network is down.
  await dropConnection(page);
  await publisher.click();
  await expect(page).toHaveURL(target);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("連線失敗");
  await expect(page).toHaveTitle(`連線失敗 - ${SITE_TITLE}`);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("無法連線到書店");
  await expect(alert).not.toContainText("連結可能有誤");
  await expectAccessible(page);

  await restoreConnection(page);
  await page.getByRole("link", { name: "重新載入" }).click();
  await expect(page).toHaveURL(target);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("連線失敗");
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("返回首頁 still leads home (a form, not a script's button)", async ({ page }) => {
    await page.goto("/no/such/page");
    await page.getByRole("button", { name: "返回首頁" }).click();
    await expect(page).toHaveURL(/\/\??$/);
    await expect(page.getByRole("heading", { level: 1, name: SITE_TITLE })).toBeVisible();
  });
});
