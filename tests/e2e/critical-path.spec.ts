// What the first paint and the LCP element wait for (Lighthouse, issue 11): no stylesheet request, no web font,
// and the main image of a page requested at once with a high priority, never lazily.
import { expect, test } from "../support/test";

const PAGE_HTML_HEADERS = {
  // A person's browser, so the document streams as it does for readers (bots get it whole).
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};

// React writes the attribute as fetchPriority; HTML attribute names are case-insensitive.
const FETCH_PRIORITY_HIGH = /fetchpriority="high"/i;
const imgTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

test("the stylesheet is inline in the head, no stylesheet link blocks the first paint, and no web font is loaded", async ({
  request,
  page,
}) => {
  const html = await (await request.get("/product/new-books", { headers: PAGE_HTML_HEADERS })).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(head).toMatch(/<style id="app-css">[^<]*\.container\{/);
  expect(head).not.toContain("@font-face");

  const requested: string[] = [];
  page.on("request", (r) => requested.push(`${r.resourceType()} ${r.url()}`));
  await page.goto("/product/new-books");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(requested.filter((r) => r.startsWith("stylesheet ") || r.startsWith("font "))).toEqual([]);
  // Hydration and a client navigation keep the styles (the browser bundle does not carry them).
  await expect(page.locator("body")).toHaveCSS("font-family", /PingFang TC/);
  await page.locator('a[href^="/product/"]:has(img)').first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.locator("style#app-css")).toHaveCount(1);
  await expect(page.locator("body")).toHaveCSS("font-family", /PingFang TC/);
  expect(await page.locator("style#app-css").evaluate((s) => s.textContent?.length ?? 0)).toBeGreaterThan(5000);
});

for (const [name, path] of [
  ["a listing", "/product/new-books"],
  ["search results", `/search?q=${encodeURIComponent("生活")}`],
] as const) {
  test(`${name}: the first cover is fetched at high priority, the first rows eagerly, the rest lazily`, async ({
    request,
  }) => {
    const html = await (await request.get(path, { headers: PAGE_HTML_HEADERS })).text();
    const covers = imgTags(html).filter((tag) => tag.includes('src="/media/covers/'));
    expect(covers.length).toBeGreaterThan(4);
    expect(covers[0]).toMatch(FETCH_PRIORITY_HIGH);
    for (const cover of covers.slice(0, 4)) {
      expect(cover).not.toContain('loading="lazy"');
      expect(cover).toMatch(/width="\d+" height="\d+"/);
    }
    for (const cover of covers.slice(1)) expect(cover).not.toMatch(/fetchpriority/i);
    for (const cover of covers.slice(4)) expect(cover).toContain('loading="lazy"');
  });
}

test("the product cover and the home page's first banner are fetched at high priority, never lazily", async ({
  request,
}) => {
  for (const [path, src] of [
    ["/product/1", "/media/covers/"],
    ["/", "/media/banners/"],
  ] as const) {
    const html = await (await request.get(path, { headers: PAGE_HTML_HEADERS })).text();
    const first = imgTags(html).find((tag) => tag.includes(`src="${src}`));
    expect(first, path).toMatch(FETCH_PRIORITY_HIGH);
    expect(first, path).not.toContain('loading="lazy"');
    expect(first, path).toMatch(/width="\d+" height="\d+"/);
  }
});

test("blocks below the first screen skip layout until they near it, and render when scrolled to", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const lastSection = page.locator("main section").last();
  await expect(lastSection).toHaveCSS("content-visibility", "auto");
  await expect(page.locator("footer")).toHaveCSS("content-visibility", "auto");
  await lastSection.scrollIntoViewIfNeeded();
  await expect(lastSection.getByRole("heading").first()).toBeVisible();
  const box = await lastSection.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(100);
});

// A skipped block's estimated height that is over its real one makes the page shorter when the block renders: a
// reader who had jumped to the end (End, a scrollbar drag, a link to a page's last part) is scrolled back by the
// difference, under the pointer, and a click meant for the last page link lands beside it.
test("a page never gets shorter as its skipped blocks render, at phone, tablet and desktop widths", async ({
  page,
}) => {
  const frames = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (const width of [320, 768, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    for (const path of ["/", "/product/1", "/product/new-books", "/article/list", "/news/list"]) {
      await page.goto(path);
      const heights = [await pageHeight()];
      // A jump to the end first (what the footer and the last blocks meet), then every screen on the way back up.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await frames();
      heights.push(await pageHeight());
      for (let y = heights[1] ?? 0; y >= 0; y -= 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await frames();
        heights.push(await pageHeight());
      }
      const shrank = heights.findIndex((height, i) => i > 0 && height < (heights[i - 1] ?? 0));
      expect(shrank, `${path} at ${width} px: ${heights.join(" → ")}`).toBe(-1);
    }
  }
});

test("the app's scripts start loading after the first paint, preloads included, and the page then hydrates", async ({
  request,
  page,
}) => {
  const html = await (await request.get("/product/new-books", { headers: PAGE_HTML_HEADERS })).text();
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toMatch(/<link rel="x-modulepreload-after-paint" href="\/assets\/[^"]+\.js"/);

  // Records each held preload whose rel turns back into modulepreload (the browser then fetches it at once).
  await page.addInitScript(() => {
    const restored: string[] = [];
    Object.assign(window, { restoredPreloads: restored });
    new MutationObserver((records) => {
      for (const record of records) {
        const link = record.target as HTMLLinkElement;
        if (record.oldValue === "x-modulepreload-after-paint" && link.rel === "modulepreload") restored.push(link.href);
      }
    }).observe(document, { subtree: true, attributeFilter: ["rel"], attributeOldValue: true });
  });
  await page.goto("/product/new-books");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const timing = await page.evaluate(() => {
    const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
    return {
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      restored: (window as unknown as { restoredPreloads: string[] }).restoredPreloads,
    };
  });
  expect(timing.firstPaint).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstPaint);
  // The held preloads are restored, so the chunks are fetched together rather than one import after another.
  expect(timing.restored.length).toBeGreaterThan(3);
  expect(timing.restored.some((href) => /\/assets\/shell-[^/]+\.js$/.test(href))).toBe(true);
});

test("a held module script injected without this reply's nonce stays held in the browser; the page's own run", async ({
  page,
}) => {
  // Markup that got into the page and names the held type itself, with no nonce or a guessed one: under
  // 'strict-dynamic' a script the starter created from it would run with the page's trust.
  const injected =
    `<script type="x-module-after-paint">window.injectedRan = true</script>` +
    `<script type="x-module-after-paint" nonce="guessed">window.injectedRan = true</script>`;
  await page.route("**/product/new-books", async (route) => {
    const reply = await route.fetch();
    await route.fulfill({ response: reply, body: (await reply.text()).replace("</body>", `${injected}</body>`) });
  });
  await page.goto("/product/new-books");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => "injectedRan" in window)).toBe(false);
  await expect(page.locator('script[type="x-module-after-paint"]')).toHaveCount(2);
});

test("when no first paint is reported (a tab opened in the background), the scripts start once the page has been visible for 3 s", async ({
  page,
}) => {
  await page.addInitScript(() => {
    PerformanceObserver.prototype.observe = () => {};
  });
  await page.goto("/product/new-books");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const firstScript = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  );
  expect(firstScript).toBeGreaterThanOrEqual(3_000);
});

test("the shell chunk opens with V8's compile hint, so Chrome compiles it off the main thread; route chunks do not", async ({
  request,
}) => {
  const html = await (await request.get("/product/1", { headers: PAGE_HTML_HEADERS })).text();
  const chunk = (name: string) => html.match(new RegExp(`href="(/assets/${name}-[^"]+\\.js)"`))?.[1];
  const shell = chunk("shell");
  const route = chunk("product");
  expect(shell).toBeTruthy();
  expect(route).toBeTruthy();
  expect((await (await request.get(shell as string)).text()).startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  expect(await (await request.get(route as string)).text()).not.toContain("allFunctionsCalledOnLoad");
});
