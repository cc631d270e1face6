// The home page: every section of GET /home rendered on the server, links to the right pages, images that do not
// shift the layout, the site's structured data, accessibility and a phone-sized screen.

import { formatTimeRange } from "../../app/lib/format";
import { expectAccessible } from "../support/a11y";
import { SITE_TITLE } from "../support/routes";
import { type APIRequestContext, expect, type Locator, test } from "../support/test";

interface Card {
  id: number;
  title: string;
}
interface Home {
  banners: { id: number; title: string; link: string; image: { url: string; alt: string } }[];
  new_books: Card[];
  picks: Card[];
  ebooks: Card[];
  news: (Card & { type_label: string })[];
  activities: (Card & { venue: string; is_online: boolean; starts_at: string; ends_at: string })[];
  articles: Card[];
}

async function homeData(request: APIRequestContext): Promise<Home> {
  const body = await (await request.get("/api/frontend/home")).json();
  expect(body.code).toBe(1);
  return body.data;
}

/** The hrefs of the links in a section, in order. */
async function hrefs(links: Locator) {
  return links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
}

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

test("the shelves show the API's books in order and link to them and to the full lists", async ({ page, request }) => {
  const home = await homeData(request);
  await page.goto("/");
  await expect(page).toHaveTitle(`首頁 - ${SITE_TITLE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SITE_TITLE);
  const shelves = [
    { testId: "home-new-books", title: "新書上架", items: home.new_books, more: "/product/new-books" },
    { testId: "home-picks", title: "選書推薦", items: home.picks, more: "/product/picks" },
    { testId: "home-ebooks", title: "電子書", items: home.ebooks, more: "/product/ebooks" },
  ];
  for (const shelf of shelves) {
    expect(shelf.items.length, `${shelf.title} has books in the seed`).toBeGreaterThan(0);
    const section = page.getByTestId(shelf.testId);
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(shelf.title);
    const grid = section.getByRole("list", { name: shelf.title });
    expect(await hrefs(grid.getByRole("link"))).toEqual(shelf.items.map((b) => `/product/${b.id}`));
    await expect(grid.getByRole("listitem").first()).toContainText(shelf.items[0]?.title ?? "?");
    await expect(section.getByRole("link", { name: `看更多 ${shelf.title}` })).toHaveAttribute("href", shelf.more);
  }
});

test("news, activities and articles come from the API and link to their pages", async ({ page, request }) => {
  const home = await homeData(request);
  await page.goto("/");

  const news = page.getByTestId("home-news");
  await expect(news.getByRole("heading", { level: 2 })).toHaveText("最新消息");
  expect(await hrefs(news.getByRole("listitem").getByRole("link"))).toEqual(home.news.map((n) => `/news/${n.id}`));
  const firstNews = news.getByRole("listitem").first();
  await expect(firstNews).toContainText(home.news[0]?.type_label ?? "?");
  await expect(firstNews.locator("time")).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
  await expect(news.getByRole("link", { name: "更多消息" })).toHaveAttribute("href", "/news/list");

  const activities = page.getByTestId("home-activities");
  await expect(activities.getByRole("heading", { level: 2 })).toHaveText("活動");
  const activityCards = activities.getByRole("article");
  await expect(activityCards).toHaveCount(home.activities.length);
  for (const [i, activity] of home.activities.entries()) {
    const card = activityCards.nth(i);
    await expect(card.getByRole("link")).toHaveAttribute("href", `/activity/${activity.id}`);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(activity.title);
    await expect(card).toContainText(activity.is_online ? "線上活動" : activity.venue);
    await expect(card).toContainText(formatTimeRange(activity.starts_at, activity.ends_at));
  }
  await expect(activities.getByRole("link", { name: "更多活動" })).toHaveAttribute("href", "/activity/list");

  const articles = page.getByTestId("home-articles");
  await expect(articles.getByRole("heading", { level: 2 })).toHaveText("文章");
  const articleCards = articles.getByRole("article");
  expect(await hrefs(articleCards.getByRole("heading").getByRole("link"))).toEqual(
    home.articles.map((a) => `/article/${a.id}`),
  );
  await expect(articleCards.first().getByRole("heading", { level: 3 })).toHaveText(home.articles[0]?.title ?? "?");
  await expect(articles.getByRole("link", { name: "更多文章" })).toHaveAttribute("href", "/article/list");

  // A whole card is clickable (the title link covers it): clicking its picture opens the activity.
  const first = home.activities[0];
  if (!first) throw new Error("the seed has activities");
  await activityCards.first().click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(`/activity/${first.id}`);

  // So is an article card, while its author link still leads to the author.
  await page.goBack();
  const withAuthor = home.articles.findIndex((a) => (a as { author?: unknown }).author);
  if (withAuthor >= 0) {
    const card = page.getByTestId("home-articles").getByRole("article").nth(withAuthor);
    await card.getByRole("link", { name: /./ }).last().click();
    await expect(page).toHaveURL(/\/author\/\d+$/);
    await page.goBack();
  }
  await page
    .getByTestId("home-articles")
    .getByRole("article")
    .first()
    .click({ position: { x: 24, y: 24 } });
  await expect(page).toHaveURL(`/article/${home.articles[0]?.id}`);
});

test("banners: the API's, linked to their pages; the first loads eagerly at high priority, the rest lazily", async ({
  page,
  request,
}) => {
  const home = await homeData(request);
  expect(home.banners.length).toBeGreaterThan(1);
  await page.goto("/");
  const banners = page.getByTestId("home-banners");
  const links = banners.getByRole("link");
  expect(await hrefs(links)).toEqual(home.banners.map((b) => b.link));
  const images = banners.locator("img");
  await expect(images).toHaveCount(home.banners.length);
  await expect(images.first()).toHaveAttribute("src", home.banners[0]?.image.url ?? "?");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  await expect(images.first()).not.toHaveAttribute("loading", "lazy");
  for (let i = 1; i < home.banners.length; i++) {
    await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(i)).not.toHaveAttribute("fetchpriority", "high");
  }
  await expect(links.first()).toHaveAccessibleName(home.banners[0]?.image.alt ?? "?");

  // Every image on the page reserves its space: intrinsic width and height.
  const sizes = await page
    .locator("img")
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute("src"), el.getAttribute("width"), el.getAttribute("height")]),
    );
  expect(sizes.length).toBeGreaterThan(home.banners.length);
  for (const [src, width, height] of sizes) {
    expect(Number(width), `${src} width`).toBeGreaterThan(0);
    expect(Number(height), `${src} height`).toBeGreaterThan(0);
  }
});

test("structured data: a WebSite with a working SearchAction, and the bookstore", async ({ page, request }) => {
  await page.goto("/");
  const origin = new URL(page.url()).origin;
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const website = blocks.find((b) => b["@type"] === "WebSite");
  expect(website).toMatchObject({
    "@context": "https://schema.org",
    name: SITE_TITLE,
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: `${origin}/search?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  });
  expect(blocks.find((b) => b["@type"] === "BookStore")).toMatchObject({ name: SITE_TITLE, url: `${origin}/` });

  // The template is a real search: filled in, it finds the book.
  const home = await homeData(request);
  const book = home.new_books[0];
  if (!book) throw new Error("the seed has new books");
  await page.goto(website.potentialAction.target.replace("{search_term_string}", encodeURIComponent(book.title)));
  await expect(page.getByRole("list", { name: "搜尋結果" }).locator(`a[href="/product/${book.id}"]`)).toBeVisible();
});

test("the server's first HTML already holds the banners and the first shelf (nothing of it is streamed later)", async ({
  request,
}) => {
  const home = await homeData(request);
  const res = await request.get("/", { headers: { "User-Agent": BROWSER_UA } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const shellEnd = html.indexOf("</main>");
  expect(shellEnd).toBeGreaterThan(0);
  const banner = html.indexOf(`src="${home.banners[0]?.image.url}"`);
  const firstBook = html.indexOf(`href="/product/${home.new_books[0]?.id}"`);
  expect(banner, "the first banner is in the shell").toBeGreaterThan(-1);
  expect(banner).toBeLessThan(shellEnd);
  expect(firstBook, "the first shelf is in the shell").toBeGreaterThan(banner);
  expect(firstBook).toBeLessThan(shellEnd);
  expect(html, "no part of the page waits for a Suspense boundary").not.toContain("<!--$?-->");
  expect(html).toMatch(/<img[^>]+src="\/media\/banners\/[^"]+"[^>]*fetchPriority="high"/i);
});

test("the home page is accessible in both themes", async ({ page }) => {
  await page.goto("/");
  await expectAccessible(page);
});

test.describe("on a narrow phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("nothing scrolls sideways, and the banner strip scrolls inside itself", async ({ page }) => {
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const strip = page.getByTestId("home-banners").getByRole("list").nth(1);
    const { scrollWidth, clientWidth } = await strip.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
  });
});
