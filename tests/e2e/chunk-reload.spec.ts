// A failed chunk load reloads the page, at most once per path within 10 seconds.

import { waitForHydration } from "../support/hydration";
import { expect, type Page, test } from "../support/test";

async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __mark?: boolean }).__mark = true;
  });
}
const isMarked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark === true);

function failChunk(page: Page) {
  return page.evaluate(() => {
    // A dynamic import of a chunk that is gone (as after a deployment), left unhandled as app code would.
    setTimeout(() => import(`/assets/gone-${Date.now()}.js`), 0);
  });
}

test("a failed chunk reloads the page once, and not again for the same path within 10 seconds", async ({ page }) => {
  await page.goto("/about/history");
  await waitForHydration(page);
  await markPage(page);

  const reloaded = page.waitForEvent("load");
  await failChunk(page);
  await reloaded;
  await waitForHydration(page);
  expect(await isMarked(page)).toBe(false);

  await markPage(page);
  await failChunk(page);
  await page.waitForTimeout(1_500);
  expect(await isMarked(page), "no second reload of the same path within 10 s").toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: "歷史沿革" })).toBeVisible();
});

test("a route chunk that fails to load during navigation reloads the page instead of breaking", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.route(/\/assets\/product-list-[\w-]+\.js$/, (route) => route.abort());
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
  await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "新書上架" }).click();
  await expect.poll(() => documents.length).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});
