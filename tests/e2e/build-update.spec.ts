// A newer build, found by the hourly poll, is taken up by the next navigation as a full page load.

import { waitForHydration } from "../support/hydration";
import { expect, test } from "../support/test";

test("after the hourly poll finds a newer build, the next navigation loads the whole page", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);

  let polls = 0;
  await page.route("**/_app/builds/latest.json", (route) => {
    polls++;
    return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } });
  });
  await page.clock.runFor("59:00");
  expect(polls).toBe(0);
  await page.clock.runFor("01:05");
  await expect.poll(() => polls).toBe(1);

  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
  await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "選書推薦" }).click();
  await expect(page).toHaveURL(/\/product\/picks$/);
  await expect.poll(() => documents).toContain("/product/picks");
});

test("while the build is current, navigation stays client-side", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await page.clock.runFor("01:00:05");
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "選書推薦" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "選書推薦" })).toBeVisible();
  expect(documents).toEqual([]);
});
