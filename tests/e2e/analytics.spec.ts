// Page views reach the analytics tag with the route's name, on first load and on every client navigation;
// without an id nothing is loaded or sent.

import { waitForHydration } from "../support/hydration";
import { seededProduct } from "../support/routes";
import { ANALYTICS_BASE_URL, ANALYTICS_ID } from "../support/servers";
import { expect, type Page, test } from "../support/test";

async function pageViews(page: Page) {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
    return Array.from(layer)
      .map((entry) => Array.from(entry))
      .filter((args) => args[0] === "event" && args[1] === "page_view")
      .map((args) => args[2] as { route_name: string; page_path: string; send_to: string; page_title: string });
  });
}

test.describe("with an analytics id", () => {
  test.use({ baseURL: ANALYTICS_BASE_URL });

  test("reports a page view per route name on first load and on each client navigation", async ({ page, request }) => {
    const SEEDED_PRODUCT = await seededProduct(request);
    const tagRequests: string[] = [];
    await page.route("https://www.googletagmanager.com/**", (route) => {
      tagRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: "/* gtag stub */" });
    });
    await page.goto(`/product/${SEEDED_PRODUCT.id}`);
    await waitForHydration(page);
    expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`]);
    await expect.poll(() => pageViews(page)).toHaveLength(1);
    expect((await pageViews(page))[0]).toMatchObject({
      route_name: "product-id",
      page_path: `/product/${SEEDED_PRODUCT.id}`,
      send_to: ANALYTICS_ID,
      page_title: expect.stringContaining(SEEDED_PRODUCT.title),
    });

    await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "新書上架" }).click();
    await expect(page).toHaveURL(/\/product\/new-books$/);
    await expect.poll(() => pageViews(page)).toHaveLength(2);

    await page.getByRole("link", { name: "覺林書房" }).first().click();
    await expect.poll(() => pageViews(page)).toHaveLength(3);
    const views = await pageViews(page);
    expect(views.map((v) => [v.route_name, v.page_path])).toEqual([
      ["product-id", `/product/${SEEDED_PRODUCT.id}`],
      ["product-new-books", "/product/new-books"],
      ["index", "/"],
    ]);
  });
});

test.describe("with an analytics id, on an address that holds an e-mail", () => {
  test.use({ baseURL: ANALYTICS_BASE_URL });

  test("the tag's location and referrer are cleaned for every event, and again at each page view", async ({ page }) => {
    await page.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "/* gtag stub */" }),
    );
    // An address the site never makes, linked from elsewhere with an e-mail in it.
    await page.goto("/product/new-books?ref=reader%40example.com&sort=newest");
    await waitForHydration(page);
    await expect.poll(() => pageViews(page)).toHaveLength(1);
    const commands = async () =>
      page.evaluate(() =>
        Array.from((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer, (entry) =>
          JSON.parse(JSON.stringify(Array.from(entry))),
        ),
      );
    const first = await commands();
    // The first command sets them for everything the tag sends, before the tag is configured.
    expect(first[0]).toEqual([
      "set",
      { page_location: expect.stringMatching(/\/product\/new-books\?sort=newest$/), page_referrer: "" },
    ]);
    expect(first.findIndex((c) => c[0] === "config")).toBeGreaterThan(0);
    await page.evaluate(() => (window as unknown as { gtag: (...a: unknown[]) => void }).gtag("event", "share"));

    await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "選書推薦" }).click();
    await expect.poll(() => pageViews(page)).toHaveLength(2);
    const all = await commands();
    const lastSet = all.findLastIndex((c) => c[0] === "set");
    expect(all[lastSet]?.[1]).toMatchObject({ page_location: expect.stringMatching(/\/product\/picks$/) });
    expect(lastSet).toBeLessThan(all.findLastIndex((c) => c[0] === "event" && c[1] === "page_view"));
    expect(JSON.stringify(all)).not.toMatch(/reader|%40|@example/);
  });
});

test("without an analytics id no tag is loaded and nothing is sent", async ({ page }) => {
  const tagRequests: string[] = [];
  page.on("request", (r) => {
    if (/googletagmanager|google-analytics/.test(r.url())) tagRequests.push(r.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "新書上架" }).click();
  await expect(page).toHaveURL(/new-books$/);
  expect(tagRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("undefined");
  expect(await page.content()).not.toContain("googletagmanager");
});
