// The app shell: language, titles and social metadata on every route, layouts, the member guard.

import type { Locator } from "@playwright/test";
import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { MEMBER_ROUTES, PUBLIC_ROUTES, type RouteCase, SITE_TITLE } from "../support/routes";
import { expect, type Page, test } from "../support/test";
import { signInDemo } from "./support/session";

async function expectPageMeta(page: Page, title: string | RegExp) {
  const full = typeof title === "string" ? `${title} - ${SITE_TITLE}` : new RegExp(`^.+ - ${SITE_TITLE}$`);
  await expect(page).toHaveTitle(full);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant-TW");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", full);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
}

async function expectLayout(page: Page, route: RouteCase) {
  // One main heading per page: client navigations move focus to it (app/lib/route-focus.ts).
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const siteHeader = page.getByRole("navigation", { name: "主要分類" });
  const quote = page.locator("blockquote");
  if (route.layout === "default") {
    await expect(siteHeader).toBeVisible();
    await expect(quote).toHaveCount(0);
  } else if (route.layout === "guest") {
    await expect(siteHeader).toHaveCount(0);
    await expect(quote).toHaveText(/\S/);
    await expect(page.locator("figure img")).toHaveAttribute("src", /\.svg$/);
  } else if (route.layout === "member") {
    await expect(siteHeader).toBeVisible();
    await expect(page.getByRole("navigation", { name: "會員中心" })).toBeVisible();
  } else {
    await expect(siteHeader).toHaveCount(0);
    await expect(quote).toHaveCount(0);
  }
}

for (const route of PUBLIC_ROUTES) {
  test(`${route.path}: title, metadata, ${route.layout} layout, accessible in both themes`, async ({ page }) => {
    const res = await page.goto(route.path);
    expect(res?.status()).toBe(200);
    await expectPageMeta(page, route.title);
    await expectLayout(page, route);
    await expectAccessible(page);
  });
}

test("/recovery is dark whatever the reader's theme", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("bookstore:theme", "light"));
  await page.goto("/recovery");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expect(page.locator(".dark").first()).toBeVisible();
  const background = await page.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe("rgb(28, 26, 22)");
});

test("member pages send a guest to /login and remember the return address", async ({ page, context }) => {
  for (const route of MEMBER_ROUTES) {
    await page.goto(route.path);
    await expect(page).toHaveURL(/\/login$/);
    const cookie = (await context.cookies()).find((c) => c.name === "bookstore_return_url");
    expect(decodeURIComponent(cookie?.value ?? "")).toBe(route.path);
    expect(cookie?.httpOnly).toBe(true);
  }
});

for (const route of MEMBER_ROUTES) {
  test(`${route.path} renders in the member layout for a signed-in member`, async ({ page }) => {
    await signInDemo(page);
    const res = await page.goto(route.path);
    expect(res?.status()).toBe(200);
    await expectPageMeta(page, route.title);
    await expectLayout(page, route);
    await expectAccessible(page);
  });
}

test("a client navigation moves focus to the new page's heading; back and forward keep the scroll", async ({
  page,
}) => {
  const heading = page.getByRole("heading", { level: 1 });
  await page.goto("/about/cultural");
  await waitForHydration(page);
  // A full page load leaves focus where the browser puts it.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("BODY");
  // A link to a part of the page (the skip link, then #top) is a popstate too; the second one leads to a location of
  // the same key (neither entry has a state). The full layout each asks for ends once it is followed
  // (app/lib/scroll-restore-layout.ts).
  await page.getByRole("link", { name: "跳到主要內容" }).press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("html")).not.toHaveAttribute("data-restoring-scroll");
  await page.evaluate(() => {
    window.location.hash = "top";
  });
  await expect(page).toHaveURL(/#top$/);
  await expect(page.locator("html")).not.toHaveAttribute("data-restoring-scroll");
  await expect(page.locator("footer")).toHaveCSS("content-visibility", "auto");

  // Across the editorial pages, from their sibling navigation (done once in the root, not per page).
  const siblings = page.getByRole("navigation", { name: "關於我們頁面" });
  for (const title of ["歷史沿革", "大事紀", "文化理念"]) {
    await siblings.getByRole("link", { name: title }).click();
    await expect(heading).toHaveText(title);
    await expect(heading).toBeFocused();
  }

  // From the header, then down a long list and into a book.
  await page.getByRole("navigation", { name: "主要分類" }).getByRole("link", { name: "新書上架" }).click();
  await expect(heading).toHaveText("新書上架");
  await expect(heading).toBeFocused();
  const cards = page.getByRole("main").getByRole("list", { name: "新書上架", exact: true }).getByRole("link");
  const lastCard = cards.last();
  // Down the list as a reader goes, a screen at a time (the cards render as they come near), to its last card.
  await page.mouse.move(200, 300);
  for (let screen = 0; screen < 40 && !(await inView(lastCard)); screen++) {
    await page.mouse.wheel(0, 500);
    await scrollSettled(page);
  }
  expect(await inView(lastCard)).toBe(true);
  const listScroll = await page.evaluate(() => window.scrollY);
  expect(listScroll).toBeGreaterThan(200);
  const lastCardTop = await viewportTop(lastCard);
  await lastCard.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back: the list comes back where it was scrolled to, with the same card at the same place (the list is rendered
  // anew, its cards below the first screen at estimated heights: app/lib/scroll-restore-layout.ts), and its heading
  // has focus without scrolling there. The restoring scroll happened with every block laid out whole.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { restoringAtScroll: boolean[] }).restoringAtScroll = seen;
    window.addEventListener("scroll", () => seen.push(document.documentElement.hasAttribute("data-restoring-scroll")));
  });
  await page.goBack();
  await expect(heading).toHaveText("新書上架");
  await expect(heading).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listScroll);
  expect(await viewportTop(lastCard)).toBeCloseTo(lastCardTop, 0);
  expect(
    await page.evaluate(() => (window as unknown as { restoringAtScroll: boolean[] }).restoringAtScroll),
  ).toContain(true);
  // The blocks off screen skip layout again afterwards, at the sizes they had: nothing moves.
  await expect(page.locator("html")).not.toHaveAttribute("data-restoring-scroll");
  await expect(page.locator("footer")).toHaveCSS("content-visibility", "auto");
  expect(await page.evaluate(() => window.scrollY)).toBe(listScroll);
  expect(await viewportTop(lastCard)).toBeCloseTo(lastCardTop, 0);

  await page.goForward();
  await expect(heading).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // A reload comes back to the same place too (the browser's own restoring, on the full layout the boot script asks
  // for a reloaded document: app/lib/scroll-restore-layout.ts).
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listScroll);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listScroll);
  expect(await viewportTop(lastCard)).toBeCloseTo(lastCardTop, 0);
});

/** Waits until the window's scroll is the same over two frames (a wheel step may scroll smoothly). */
async function scrollSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((done) => {
            const before = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY === before)));
          }),
      ),
    )
    .toBe(true);
}

/** Where an element's top is in the viewport, in CSS pixels. */
function viewportTop(locator: Locator) {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

/** Whether an element is wholly inside the viewport. */
function inView(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

test.describe("on a narrow phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // On Back, React Router renders the page being left once more while the next one loads; the full layout must last
  // until the home page itself is restored, its shelves (skipped at estimates far under their height) included.
  test("Back to the home page comes back to the same book, deep in its shelves", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const book = page.getByTestId("home-ebooks").getByRole("link").nth(4);
    for (let screen = 0; screen < 60 && !(await inView(book)); screen++) {
      await page.mouse.wheel(0, 500);
      await scrollSettled(page);
    }
    expect(await inView(book)).toBe(true);
    const scroll = await page.evaluate(() => window.scrollY);
    const top = await viewportTop(book);
    const href = await book.getAttribute("href");
    await book.click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await page.goBack();
    await expect(page.locator("html")).not.toHaveAttribute("data-restoring-scroll");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scroll);
    const again = page.getByTestId("home-ebooks").locator(`a[href="${href}"]`).first();
    expect(await viewportTop(again)).toBeCloseTo(top, 0);
  });

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of ["/", "/product/1", "/login", "/recovery", "/no/such/page", "/news/list"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});
