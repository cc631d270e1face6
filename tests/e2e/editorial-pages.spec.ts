// The editorial pages: about/instructions/legal pages, news, activities and articles, read against the API.

import { NEWS_TYPE_LABEL } from "../../app/domain/labels";
import type { components } from "../../app/lib/api/schema";
import { formatDate, formatTimeRange } from "../../app/lib/format";
import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE } from "../support/routes";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { clickOnScreen } from "./support/pointer";

type Schemas = components["schemas"];

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/frontend${path}`);
  expect(res.ok(), path).toBe(true);
  const body = await res.json();
  expect(body.code, path).toBe(1);
  return body.data as T;
}

/** The schema.org object of the given type among the page's JSON-LD blocks (each must parse). */
async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const found = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((d) => d["@type"] === type);
  expect(found, `JSON-LD ${type}`).toBeDefined();
  return found as Record<string, unknown>;
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

const EDITORIAL_GROUPS = [
  { label: "關於我們", pages: ["/about/cultural", "/about/history", "/about/milestone"] },
  {
    label: "購物說明",
    pages: ["/instructions/faq", "/instructions/customer-service", "/instructions/ebook", "/instructions/group-buying"],
  },
  { label: "網站資訊", pages: ["/privacy", "/security", "/terms-of-service"] },
];

test.describe("editorial pages", () => {
  for (const group of EDITORIAL_GROUPS) {
    for (const path of group.pages) {
      const slug = path.slice(1).replace("/", "-");
      test(`${path} shows the ${slug} page's title, sections, update date and its group's navigation`, async ({
        page,
        request,
      }) => {
        const content = await api<Schemas["Page"]>(request, `/pages/${slug}`);
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        await expect(h1(page)).toHaveText(content.title);
        await expect(page).toHaveTitle(`${content.title} - ${SITE_TITLE}`);
        const article = page.getByRole("article");
        expect(content.sections.length).toBeGreaterThan(0);
        for (const section of content.sections) {
          const region = article.getByRole("region", { name: section.heading });
          await expect(region.getByRole("heading", { level: 2 })).toHaveText(section.heading);
          for (const paragraph of section.paragraphs) await expect(region).toContainText(paragraph);
        }
        await expect(article).toContainText(`最後更新：${formatDate(content.updated_at)}`);
        const crumbs = page.getByRole("navigation", { name: "麵包屑" });
        await expect(crumbs.getByRole("listitem")).toHaveText(["首頁", `/${group.label}`, `/${content.title}`]);
        const siblings = page.getByRole("navigation", { name: `${group.label}頁面` }).getByRole("link");
        await expect(siblings).toHaveCount(group.pages.length);
        for (const [i, sibling] of group.pages.entries()) {
          const link = siblings.nth(i);
          await expect(link).toHaveAttribute("href", sibling);
          if (sibling === path) await expect(link).toHaveAttribute("aria-current", "page");
          else await expect(link).not.toHaveAttribute("aria-current");
        }
      });
    }
  }

  test("the sibling navigation leads to the next page of the group without a page load", async ({ page, request }) => {
    const history = await api<Schemas["Page"]>(request, "/pages/about-history");
    await page.goto("/about/cultural");
    await waitForHydration(page);
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page.getByRole("navigation", { name: "關於我們頁面" }).getByRole("link", { name: "歷史沿革" }).click();
    await expect(page).toHaveURL(/\/about\/history$/);
    await expect(h1(page)).toHaveText(history.title);
    await expect(
      page.getByRole("navigation", { name: "關於我們頁面" }).getByRole("link", { name: "歷史沿革" }),
    ).toHaveAttribute("aria-current", "page");
    expect(documents, "a client-side navigation").toEqual([]);
    await expectAccessible(page);
  });
});

test.describe("news", () => {
  test("the list shows pinned items first, in the API's order, and is accessible", async ({ page, request }) => {
    const news = await api<Schemas["NewsPage"]>(request, "/news?per_page=10");
    expect(
      news.items.some((n) => n.is_pinned),
      "the seed pins some news",
    ).toBe(true);
    expect(news.items.some((n) => !n.is_pinned)).toBe(true);
    await page.goto("/news/list");
    const items = page.getByTestId("news-item");
    await expect(items.getByRole("heading", { level: 2 })).toHaveText(news.items.map((n) => n.title));
    const pinnedFlags = await items.evaluateAll((els) =>
      els.map((el) => !!el.querySelector("[data-testid=news-pinned]")),
    );
    expect(pinnedFlags).toEqual(news.items.map((n) => n.is_pinned));
    const firstUnpinned = pinnedFlags.indexOf(false);
    expect(pinnedFlags.slice(firstUnpinned)).not.toContain(true);
    await expect(items.first().getByTestId("news-pinned")).toHaveText("置頂");
    const first = news.items[0] as Schemas["NewsSummary"];
    await expect(items.first()).toContainText(formatDate(first.published_at));
    await expect(items.first()).toContainText(first.summary);
    await expect(items.first().getByRole("link")).toHaveAttribute("href", `/news/${first.id}`);
    await expect(
      page.getByRole("navigation", { name: "消息類型" }).getByRole("link", { name: "全部" }),
    ).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
  });

  test("the type tabs show only news of that type", async ({ page }) => {
    await page.goto("/news/list");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "消息類型" });
    for (const type of [1, 2, 3] as const) {
      const label = NEWS_TYPE_LABEL[type];
      await tabs.getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/news/list\\?type=${type}$`));
      await expect(tabs.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      const types = page.getByTestId("news-item").getByTestId("news-type");
      await expect(types.first()).toBeVisible();
      const labels = await types.allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      expect(new Set(labels)).toEqual(new Set([label]));
    }
  });

  test("pagination changes the items and keeps the type", async ({ page, request }) => {
    const second = await api<Schemas["NewsPage"]>(request, "/news?type=2&page=2&per_page=10");
    expect(second.items.length).toBeGreaterThan(0);
    await page.goto("/news/list?type=2");
    await waitForHydration(page);
    const titles = page.getByTestId("news-item").getByRole("heading", { level: 2 });
    const before = await titles.allTextContents();
    await page.getByRole("navigation", { name: "分頁" }).getByRole("link", { name: "第 2 頁" }).click();
    await expect(page).toHaveURL(/\/news\/list\?type=2&page=2$/);
    await expect(titles).toHaveText(second.items.map((n) => n.title));
    expect(await titles.allTextContents()).not.toEqual(before);
    await expect(page.getByRole("navigation", { name: "分頁" }).locator('[aria-current="page"]')).toHaveText(/2/);
    // Every page of a listing has its own title and its own canonical URL.
    await expect(page).toHaveTitle(`最新消息（第 2 頁） - ${SITE_TITLE}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news\/list\?type=2&page=2$/);
  });

  test("invalid type and page values fall back to all news, page 1", async ({ page, request }) => {
    const news = await api<Schemas["NewsPage"]>(request, "/news?per_page=10");
    for (const query of ["type=9&page=abc", "type=&page=0", "type=1.5&page=99999", "page=999"]) {
      const res = await page.goto(`/news/list?${query}`);
      expect(res?.status(), query).toBe(200);
      await expect(page.getByTestId("news-item").getByRole("heading", { level: 2 })).toHaveText(
        news.items.map((n) => n.title),
      );
    }
  });

  test("a news item shows its body, a NewsArticle and leads to the older item", async ({ page, request }) => {
    const list = await api<Schemas["NewsPage"]>(request, "/news?type=1&per_page=10");
    const id = (list.items[0] as Schemas["NewsSummary"]).id;
    const news = await api<Schemas["NewsDetail"]>(request, `/news/${id}`);
    expect(news.older, "the newest 活動快訊 has an older one").not.toBeNull();
    const older = news.older as Schemas["NewsRef"];

    const res = await page.goto(`/news/${id}`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(h1(page)).toHaveText(news.title);
    await expect(page).toHaveTitle(`${news.title} - ${SITE_TITLE}`);
    await expect(page.getByRole("article").getByTestId("news-type")).toHaveText(news.type_label);
    await expect(page.getByRole("article")).toContainText(formatDate(news.published_at));
    await expect(page.getByTestId("news-body").locator("p")).toHaveText(news.body);
    await expect(page.getByRole("link", { name: `返回${news.type_label}列表` })).toHaveAttribute(
      "href",
      `/news/list?type=${news.type}`,
    );

    const ld = await jsonLd(page, "NewsArticle");
    expect(ld.headline).toBe(news.title);
    expect(ld.datePublished).toBe(news.published_at);
    expect(ld.publisher).toEqual({ "@type": "Organization", name: SITE_TITLE });
    expect((ld.mainEntityOfPage as { "@id": string })["@id"]).toBe(new URL(`/news/${id}`, page.url()).href);
    await expectAccessible(page);

    await page.getByRole("navigation", { name: "其他消息" }).getByRole("link", { name: /較舊/ }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${older.id}$`));
    await expect(h1(page)).toHaveText(older.title);
    await expect(
      page.getByRole("navigation", { name: "其他消息" }).getByRole("link", { name: /較新/ }),
    ).toHaveAttribute("href", `/news/${id}`);
  });
});

test.describe("activities", () => {
  test("the list shows activities to come by default and ended ones on the 已結束 tab", async ({ page, request }) => {
    const upcoming = await api<Schemas["ActivityPage"]>(request, "/activities?when=upcoming&per_page=12");
    const past = await api<Schemas["ActivityPage"]>(request, "/activities?when=past&per_page=12");
    await page.goto("/activity/list");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "活動時間" });
    await expect(tabs.getByRole("link", { name: "即將舉辦" })).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("activity-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(upcoming.items.map((a) => a.title));
    const states = await cards
      .getByTestId("activity-state")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-state")));
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) expect(["upcoming", "ongoing"]).toContain(state);
    const first = upcoming.items[0] as Schemas["ActivitySummary"];
    await expect(cards.first()).toContainText(formatTimeRange(first.starts_at, first.ends_at));
    await expect(cards.first()).toContainText(first.fee > 0 ? `NT$${first.fee.toLocaleString("en-US")}` : "免費");
    await expect(cards.first()).toContainText(first.is_online ? "線上活動" : first.venue);
    const cover = cards.first().locator("img");
    await expect(cover).toHaveAttribute("width", String(first.cover.width));
    await expect(cover).toHaveAttribute("height", String(first.cover.height));
    await expect(cover).toHaveAttribute("sizes", /\S/);
    await expectAccessible(page);

    await tabs.getByRole("link", { name: "已結束" }).click();
    await expect(page).toHaveURL(/\/activity\/list\?when=past$/);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(past.items.map((a) => a.title));
    await expect(cards.getByTestId("activity-state")).toHaveText(past.items.map(() => "已結束"));
  });

  test("an invalid when falls back to the activities to come", async ({ page, request }) => {
    const upcoming = await api<Schemas["ActivityPage"]>(request, "/activities?when=upcoming&per_page=12");
    const res = await page.goto("/activity/list?when=soon&page=-1");
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId("activity-card").getByRole("heading", { level: 2 })).toHaveText(
      upcoming.items.map((a) => a.title),
    );
  });

  test("an activity to come shows time, place, sign-up and an Event with its start", async ({ page, request }) => {
    const upcoming = await api<Schemas["ActivityPage"]>(request, "/activities?when=upcoming&per_page=50");
    let activity: Schemas["ActivityDetail"] | undefined;
    for (const item of upcoming.items) {
      const detail = await api<Schemas["ActivityDetail"]>(request, `/activities/${item.id}`);
      if (detail.registration_url && !detail.is_online) {
        activity = detail;
        break;
      }
    }
    if (!activity) throw new Error("the seed has an activity to come with a sign-up link");

    const res = await page.goto(`/activity/${activity.id}`);
    expect(res?.status()).toBe(200);
    await expect(h1(page)).toHaveText(activity.title);
    await expect(page).toHaveTitle(`${activity.title} - ${SITE_TITLE}`);
    await expect(page.getByTestId("activity-time")).toHaveText(formatTimeRange(activity.starts_at, activity.ends_at));
    await expect(page.getByTestId("activity-venue")).toContainText(activity.venue);
    await expect(page.getByTestId("activity-venue")).toContainText(activity.address ?? "");
    await expect(page.getByTestId("activity-state")).toHaveText(activity.state === "ongoing" ? "進行中" : "即將舉辦");
    const signUp = page.getByRole("link", { name: /^立即報名\s*（另開新視窗）$/ });
    await expect(signUp).toHaveAttribute("href", activity.registration_url ?? "");
    await expect(signUp).toHaveAttribute("target", "_blank");
    await expect(signUp).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("article").getByRole("img", { name: activity.cover.alt })).toHaveAttribute(
      "width",
      String(activity.cover.width),
    );
    const origin = new URL(page.url()).origin;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new URL(activity.cover.url, origin).href,
    );

    const ld = await jsonLd(page, "Event");
    expect(ld.name).toBe(activity.title);
    expect(ld.startDate).toBe(activity.starts_at);
    expect(ld.endDate).toBe(activity.ends_at);
    expect(ld.image).toEqual([new URL(activity.cover.url, origin).href]);
    expect(ld.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
    expect((ld.location as Record<string, unknown>)["@type"]).toBe("Place");
    if (activity.fee > 0) expect(ld.offers).toMatchObject({ price: activity.fee, priceCurrency: "TWD" });
    else expect(ld.isAccessibleForFree).toBe(true);
    await expectAccessible(page);
  });

  test("an ended activity has no sign-up link", async ({ page, request }) => {
    const past = await api<Schemas["ActivityPage"]>(request, "/activities?when=past&per_page=50");
    const ended = past.items.find((a) => a.state === "ended") as Schemas["ActivitySummary"];
    const detail = await api<Schemas["ActivityDetail"]>(request, `/activities/${ended.id}`);
    await page.goto(`/activity/${ended.id}`);
    await expect(page.getByTestId("activity-state")).toHaveText("已結束");
    await expect(page.getByRole("link", { name: /立即報名/ })).toHaveCount(0);
    await expect(page.getByTestId("activity-signup")).toContainText("已結束");
    const ld = await jsonLd(page, "Event");
    expect(ld.startDate).toBe(detail.starts_at);
  });

  test("an online activity is a VirtualLocation", async ({ page, request }) => {
    const all = await api<Schemas["ActivityPage"]>(request, "/activities?when=all&per_page=50");
    const online = all.items.find((a) => a.is_online);
    if (!online) throw new Error("the seed has an online activity");
    await page.goto(`/activity/${online.id}`);
    await expect(page.getByTestId("activity-venue")).toContainText("線上活動");
    const ld = await jsonLd(page, "Event");
    expect(ld.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect((ld.location as Record<string, unknown>)["@type"]).toBe("VirtualLocation");
  });

  test("the welcome page shows its text, the next three activities and the way to the list", async ({
    page,
    request,
  }) => {
    const content = await api<Schemas["Page"]>(request, "/pages/activity-welcome");
    const next = await api<Schemas["ActivityPage"]>(request, "/activities?when=upcoming&per_page=3");
    const res = await page.goto("/activity/welcome");
    expect(res?.status()).toBe(200);
    await expect(h1(page)).toHaveText(content.title);
    for (const section of content.sections) {
      await expect(page.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
    }
    const cards = page.getByTestId("next-activities").getByTestId("activity-card");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(next.items.map((a) => a.title));
    await expect(cards).toHaveCount(Math.min(3, next.total));
    await expect(page.getByRole("link", { name: "查看全部活動" })).toHaveAttribute("href", "/activity/list");
    await expectAccessible(page);
  });
});

test.describe("articles", () => {
  test("the category filter shows only articles of that category", async ({ page, request }) => {
    const categories = await api<Schemas["ArticleCategory"][]>(request, "/articles/categories");
    expect(categories.length).toBeGreaterThan(1);
    const category = categories[1] as Schemas["ArticleCategory"];
    const expected = await api<Schemas["ArticlePage"]>(
      request,
      `/articles?category=${encodeURIComponent(category.name)}&per_page=9`,
    );
    await page.goto("/article/list");
    await waitForHydration(page);
    const filter = page.getByRole("navigation", { name: "文章分類" });
    await expect(filter.getByRole("link")).toHaveText(["全部", ...categories.map((c) => c.name)]);
    await filter.getByRole("link", { name: category.name }).click();
    await expect(page).toHaveURL(`/article/list?category=${encodeURIComponent(category.name)}`);
    await expect(filter.getByRole("link", { name: category.name })).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("article-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(expected.items.map((a) => a.title));
    expect(new Set(await cards.getByTestId("article-category").allTextContents())).toEqual(new Set([category.name]));
    await expectAccessible(page);
  });

  test("cards show the author's link or 編輯部, the date and the summary", async ({ page, request }) => {
    const list = await api<Schemas["ArticlePage"]>(request, "/articles?per_page=50");
    const byAuthor = list.items.find((a) => a.author) as Schemas["ArticleSummary"];
    const byEditors = list.items.find((a) => !a.author);
    if (!byEditors) throw new Error("the seed has an editors' article");
    for (const article of [byAuthor, byEditors]) {
      const index = list.items.indexOf(article);
      await page.goto(`/article/list${index >= 9 ? `?page=${Math.floor(index / 9) + 1}` : ""}`);
      const card = page.getByTestId("article-card").filter({ has: page.locator(`a[href="/article/${article.id}"]`) });
      await expect(card).toContainText(formatDate(article.published_at));
      await expect(card).toContainText(article.summary);
      if (article.author) {
        await expect(card.getByRole("link", { name: article.author.name })).toHaveAttribute(
          "href",
          `/author/${article.author.id}`,
        );
      } else {
        await expect(card).toContainText("編輯部");
      }
    }
  });

  test("an unknown category falls back to all articles", async ({ page, request }) => {
    const all = await api<Schemas["ArticlePage"]>(request, "/articles?per_page=9");
    const res = await page.goto("/article/list?category=%E4%B8%8D%E5%AD%98%E5%9C%A8&page=zz");
    expect(res?.status()).toBe(200);
    await expect(
      page.getByRole("navigation", { name: "文章分類" }).getByRole("link", { name: "全部" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("article-card").getByRole("heading", { level: 2 })).toHaveText(
      all.items.map((a) => a.title),
    );
  });

  test("an article shows its body, the books it mentions and an Article", async ({ page, request }) => {
    const list = await api<Schemas["ArticlePage"]>(request, "/articles?per_page=50");
    let article: Schemas["ArticleDetail"] | undefined;
    for (const item of list.items) {
      if (!item.author) continue;
      const detail = await api<Schemas["ArticleDetail"]>(request, `/articles/${item.id}`);
      if (detail.products.length > 0) {
        article = detail;
        break;
      }
    }
    if (!article) throw new Error("the seed has an article by an author that mentions books");
    const author = article.author as Schemas["NamedRef"];

    const res = await page.goto(`/article/${article.id}`);
    expect(res?.status()).toBe(200);
    await expect(h1(page)).toHaveText(article.title);
    await expect(page).toHaveTitle(`${article.title} - ${SITE_TITLE}`);
    await expect(page.getByRole("article").getByTestId("article-category")).toHaveText(article.category);
    await expect(page.getByRole("article").getByRole("link", { name: author.name })).toHaveAttribute(
      "href",
      `/author/${author.id}`,
    );
    await expect(page.getByTestId("article-body").locator("p")).toHaveText(article.body);
    const books = page.getByRole("list", { name: "文中提到的書" }).getByRole("link");
    await expect(books).toHaveCount(article.products.length);
    for (const [i, product] of article.products.entries()) {
      await expect(books.nth(i)).toHaveAttribute("href", `/product/${product.id}`);
      await expect(books.nth(i)).toContainText(product.title);
    }
    const origin = new URL(page.url()).origin;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new URL(article.cover.url, origin).href,
    );
    const ld = await jsonLd(page, "Article");
    expect(ld.headline).toBe(article.title);
    expect(ld.datePublished).toBe(article.published_at);
    expect(ld.image).toEqual([new URL(article.cover.url, origin).href]);
    expect(ld.author).toMatchObject({ "@type": "Person", name: author.name });
    await expectAccessible(page);
  });

  test("an editors' article is by 編輯部, an Organization", async ({ page, request }) => {
    const list = await api<Schemas["ArticlePage"]>(request, "/articles?per_page=50");
    const byEditors = list.items.find((a) => !a.author);
    if (!byEditors) throw new Error("the seed has an editors' article");
    await page.goto(`/article/${byEditors.id}`);
    await expect(page.getByRole("article").locator("header")).toContainText("編輯部");
    const ld = await jsonLd(page, "Article");
    expect((ld.author as Record<string, unknown>)["@type"]).toBe("Organization");
  });

  test("the welcome page shows its text, the four latest articles and the categories", async ({ page, request }) => {
    const content = await api<Schemas["Page"]>(request, "/pages/article-welcome");
    const latest = await api<Schemas["ArticlePage"]>(request, "/articles?per_page=4");
    const categories = await api<Schemas["ArticleCategory"][]>(request, "/articles/categories");
    const res = await page.goto("/article/welcome");
    expect(res?.status()).toBe(200);
    await expect(h1(page)).toHaveText(content.title);
    for (const section of content.sections) {
      await expect(page.getByRole("heading", { level: 2, name: section.heading })).toBeVisible();
    }
    await expect(
      page.getByTestId("latest-articles").getByTestId("article-card").getByRole("heading", { level: 3 }),
    ).toHaveText(latest.items.map((a) => a.title));
    const categoryLinks = page.getByRole("region", { name: "文章分類" }).getByRole("link");
    await expect(categoryLinks).toHaveCount(categories.length);
    await expect(categoryLinks.first()).toHaveAttribute(
      "href",
      `/article/list?category=${encodeURIComponent((categories[0] as Schemas["ArticleCategory"]).name)}`,
    );
    await expect(page.getByRole("link", { name: "查看全部文章" })).toHaveAttribute("href", "/article/list");
    await expectAccessible(page);
  });
});

test("unknown news, activity and article ids are 404 with the error page", async ({ page }) => {
  for (const path of ["/news/987654321", "/activity/987654321", "/article/987654321"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(h1(page)).toHaveText("查無內容");
    await expect(page).toHaveTitle(`查無內容 - ${SITE_TITLE}`);
  }
});

test("activity and article pictures are PNGs of their intrinsic size, drawn once, then from the edge cache", async ({
  request,
}) => {
  const activity = (await api<Schemas["ActivityPage"]>(request, "/activities?when=all&per_page=1")).items[0];
  const article = (await api<Schemas["ArticlePage"]>(request, "/articles?per_page=1")).items[0];
  if (!activity || !article) throw new Error("the seed has activities and articles");
  for (const picture of [activity.cover, article.cover]) {
    expect(picture.url, "the seed writes PNG addresses").toMatch(/^\/media\/(activities|articles)\/\d+\.png$/);
    const res = await request.get(picture.url);
    expect(res.status(), picture.url).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    const png = await res.body();
    // The signature, then IHDR: the width and height the API states, depth 8, colour type 3 (indexed).
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([
      picture.width,
      picture.height,
      8,
      3,
    ]);
    const again = await request.get(picture.url);
    expect(again.headers()["x-cache"], picture.url).toBe("HIT");
    expect((await again.body()).equals(png)).toBe(true);
    // The SVG address of a catalogue seeded before still answers, with the lettering.
    const svg = await request.get(picture.url.replace(/\.png$/, ".svg"));
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    expect(await svg.text()).toContain("<text");
  }
  expect((await request.get("/media/articles/987654321.png")).status()).toBe(404);
  expect((await request.get("/media/articles/987654321.svg")).status()).toBe(404);
  expect((await request.get("/media/posters/1.png")).status()).toBe(404);
  expect((await request.get(`/media/activities/${activity.id}.gif`)).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("news type tabs and pagination are plain links", async ({ page, request }) => {
    const second = await api<Schemas["NewsPage"]>(request, "/news?type=2&page=2&per_page=10");
    await page.goto("/news/list");
    await page.getByRole("navigation", { name: "消息類型" }).getByRole("link", { name: NEWS_TYPE_LABEL[2] }).click();
    await expect(page).toHaveURL(/\/news\/list\?type=2$/);
    expect(new Set(await page.getByTestId("news-type").allTextContents())).toEqual(new Set([NEWS_TYPE_LABEL[2]]));
    await clickOnScreen(page.getByRole("navigation", { name: "分頁" }).getByRole("link", { name: "下一頁" }));
    await expect(page).toHaveURL(/\/news\/list\?type=2&page=2$/);
    await expect(page.getByTestId("news-item").getByRole("heading", { level: 2 })).toHaveText(
      second.items.map((n) => n.title),
    );
    await expect(page).toHaveTitle(`最新消息（第 2 頁） - ${SITE_TITLE}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news\/list\?type=2&page=2$/);
  });

  test("activity tabs and pagination are plain links", async ({ page, request }) => {
    const past2 = await api<Schemas["ActivityPage"]>(request, "/activities?when=past&page=2&per_page=12");
    expect(past2.items.length).toBeGreaterThan(0);
    await page.goto("/activity/list");
    await page.getByRole("navigation", { name: "活動時間" }).getByRole("link", { name: "已結束" }).click();
    await expect(page).toHaveURL(/\/activity\/list\?when=past$/);
    await page.getByRole("navigation", { name: "分頁" }).getByRole("link", { name: "第 2 頁" }).click();
    await expect(page).toHaveURL(/\/activity\/list\?when=past&page=2$/);
    await expect(page.getByTestId("activity-card").getByRole("heading", { level: 2 })).toHaveText(
      past2.items.map((a) => a.title),
    );
    await expect(page.getByTestId("activity-state")).toHaveText(past2.items.map(() => "已結束"));
    await expect(page).toHaveTitle(`活動列表（第 2 頁） - ${SITE_TITLE}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/activity\/list\?when=past&page=2$/);
  });

  test("article categories and pagination are plain links", async ({ page, request }) => {
    const categories = await api<Schemas["ArticleCategory"][]>(request, "/articles/categories");
    const largest = categories[0] as Schemas["ArticleCategory"];
    expect(largest.article_count).toBeGreaterThan(9);
    const page2 = await api<Schemas["ArticlePage"]>(
      request,
      `/articles?category=${encodeURIComponent(largest.name)}&page=2&per_page=9`,
    );
    await page.goto("/article/list");
    await page.getByRole("navigation", { name: "文章分類" }).getByRole("link", { name: largest.name }).click();
    await expect(page).toHaveURL(`/article/list?category=${encodeURIComponent(largest.name)}`);
    await clickOnScreen(page.getByRole("navigation", { name: "分頁" }).getByRole("link", { name: "下一頁" }));
    await expect(page).toHaveURL(`/article/list?category=${encodeURIComponent(largest.name)}&page=2`);
    await expect(page.getByTestId("article-card").getByRole("heading", { level: 2 })).toHaveText(
      page2.items.map((a) => a.title),
    );
    await expect(page).toHaveTitle(`文章列表（第 2 頁） - ${SITE_TITLE}`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical && new URL(canonical).pathname + new URL(canonical).search).toBe(
      `/article/list?category=${encodeURIComponent(largest.name)}&page=2`,
    );
  });
});

test.describe("on a narrow phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the list and welcome pages do not scroll sideways", async ({ page }) => {
    for (const path of [
      "/news/list",
      "/activity/list",
      "/activity/list?when=past",
      "/article/list",
      "/activity/welcome",
      "/article/welcome",
      "/instructions/customer-service",
    ]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});
