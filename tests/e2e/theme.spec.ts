// Light and dark themes and the background choice: kept in local storage, applied before first paint.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { expect, test } from "../support/test";

test("the dark theme chosen by the reader is kept across visits", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await waitForHydration(page);
  const toggle = page.getByRole("button", { name: "深色模式" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("bookstore:theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "深色模式" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
});

test("the stored theme and background are applied before any app script runs", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("bookstore:theme", "dark");
    localStorage.setItem("bookstore:background", "lotus");
  });
  // Without the app's module scripts only the inline boot script can have set these.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.locator("html")).toHaveAttribute("data-bg", "lotus");
  const background = await page.locator("html").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe("rgb(32, 26, 29)");
});

test("the background choice is kept", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByLabel("背景").selectOption("white");
  await expect(page.locator("html")).toHaveAttribute("data-bg", "white");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-bg", "white");
  await expect(page.getByLabel("背景")).toHaveValue("white");
});

test("the system preference decides when the reader has not chosen", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
});
