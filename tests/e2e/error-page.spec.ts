// The error page of SPEC §2 and the unknown-route 404.

import { expectAccessible } from "../support/a11y";
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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("返回首頁 still leads home (a form, not a script's button)", async ({ page }) => {
    await page.goto("/no/such/page");
    await page.getByRole("button", { name: "返回首頁" }).click();
    await expect(page).toHaveURL(/\/\??$/);
    await expect(page.getByRole("heading", { level: 1, name: SITE_TITLE })).toBeVisible();
  });
});
