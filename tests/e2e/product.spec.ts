// The vertical slice: /product/{id} server-rendered from the built-in API, related books streamed in.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE, seededProduct } from "../support/routes";
import { expect, test } from "../support/test";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product page is complete from the server", async ({ page, request }) => {
    const SEEDED_PRODUCT = await seededProduct(request);
    const res = await page.goto(`/product/${SEEDED_PRODUCT.id}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${SEEDED_PRODUCT.title} - ${SITE_TITLE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEEDED_PRODUCT.title);
    await expect(page.locator("dl")).toContainText("作者");
    await expect(page.locator("dl")).toContainText(/ISBN\s*97[89]\d{10}/);
    await expect(page.getByText(/NT\$\d/).first()).toBeVisible();
    const cover = page.getByRole("img", { name: `${SEEDED_PRODUCT.title} 書封` });
    await expect(cover).toHaveAttribute("width", "600");
    await expect(cover).toHaveAttribute("height", /\d+/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "book");
    const origin = new URL(page.url()).origin;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${origin}/media/covers/${SEEDED_PRODUCT.id}.png`,
    );
  });
});

test("the first streamed HTML has the product; related books come in a deferred Suspense chunk", async ({
  request,
}) => {
  const SEEDED_PRODUCT = await seededProduct(request);
  const res = await request.get(`/product/${SEEDED_PRODUCT.id}`, {
    headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" },
  });
  const html = await res.text();
  const title = html.indexOf(SEEDED_PRODUCT.title);
  const fallback = html.indexOf("相關書籍載入中");
  const related = html.indexOf('data-testid="related"');
  expect(title).toBeGreaterThan(-1);
  expect(fallback, "the Suspense fallback is in the shell").toBeGreaterThan(title);
  expect(related, "related books are streamed after the shell").toBeGreaterThan(fallback);
});

test("related books appear and lead to another product by client navigation", async ({ page, request }) => {
  const SEEDED_PRODUCT = await seededProduct(request);
  await page.goto(`/product/${SEEDED_PRODUCT.id}`);
  // Before hydration a click is an ordinary page load (which works too); client navigation needs the app.
  await waitForHydration(page);
  const related = page.getByTestId("related").getByRole("link");
  await expect(related.first()).toBeVisible();
  expect(await related.count()).toBeGreaterThan(0);
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  const name = ((await related.first().locator("span").first().textContent()) ?? "").trim();
  await related.first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} - ${SITE_TITLE}`);
  expect(documents).toEqual([]);
  await expectAccessible(page);
});

test("a cover is a PNG of its intrinsic size, drawn once and then served from the edge cache", async ({ request }) => {
  const SEEDED_PRODUCT = await seededProduct(request);
  const url = `/media/covers/${SEEDED_PRODUCT.id}.png`;
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/png");
  expect(res.headers()["cache-control"]).toContain("public");
  const png = await res.body();
  // The signature, then IHDR: width and height (big-endian), depth 8, colour type 3 (indexed).
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([600, 840, 8, 3]);
  const again = await request.get(url);
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect((await again.body()).equals(png)).toBe(true);
  // A leading zero names the same cover; an unknown product or kind of file has none.
  expect((await request.get(`/media/covers/0${SEEDED_PRODUCT.id}.png`)).headers()["x-cache"]).toBe("HIT");
  expect((await request.get("/media/covers/987654321.png")).status()).toBe(404);
  expect((await request.get(`/media/covers/${SEEDED_PRODUCT.id}.gif`)).status()).toBe(404);
  // Catalogues seeded before the PNG covers keep their SVG addresses.
  const svg = await request.get(`/media/covers/${SEEDED_PRODUCT.id}.svg`);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  expect(await svg.text()).toMatch(/<svg[^>]+width="600" height="840"/);
  expect((await request.get("/media/covers/987654321.svg")).status()).toBe(404);
  // A sample page (試閱) is a PNG too, kept per product and page; page 21, an unknown product, or a GIF has none.
  const sample = `/media/samples/${SEEDED_PRODUCT.id}/2.png`;
  const samplePng = await request.get(sample);
  expect(samplePng.headers()["content-type"]).toBe("image/png");
  const sampleBytes = await samplePng.body();
  expect([sampleBytes.readUInt32BE(16), sampleBytes.readUInt32BE(20), sampleBytes[25]]).toEqual([600, 840, 3]);
  expect((await request.get(sample)).headers()["x-cache"]).toBe("HIT");
  expect((await request.get(`/media/samples/${SEEDED_PRODUCT.id}/21.png`)).status()).toBe(404);
  expect((await request.get("/media/samples/987654321/1.png")).status()).toBe(404);
  expect((await request.get(`/media/samples/${SEEDED_PRODUCT.id}/1.gif`)).status()).toBe(404);
  expect(await (await request.get(`/media/samples/${SEEDED_PRODUCT.id}/1.svg`)).text()).toMatch(/<svg[^>]+width="600"/);
});
