// Search: predictive suggestions in the header (WAI-ARIA combobox), and the /search results page, which works
// without JavaScript, keeps its order and page in the URL, and says so when there is nothing to find.

import { expectAccessible } from "../support/a11y";
import { holdScripts, waitForHydration } from "../support/hydration";
import { SEEDED_PRODUCT_ID, SITE_TITLE } from "../support/routes";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";
import { clickOnScreen } from "./support/pointer";

interface Named {
  id: number;
  name: string;
}
interface Suggestions {
  books: { id: number; title: string; format: number }[];
  authors: Named[];
  publishers: Named[];
  articles: { id: number; title: string }[];
}
interface ProductPage {
  items: { id: number; title: string; price_sale: number }[];
  total: number;
  total_pages: number;
}

const FIELD = "搜尋書名、作者、出版社";
const NO_SUCH_BOOK = "zzqx查無此書qqzz";

/** The URL a GET form (or the page's own links) makes for a search. */
const searchUrl = (q: string, extra = "") => `/search?${new URLSearchParams({ q })}${extra}`;

async function suggestionsFor(request: APIRequestContext, q: string, limit = 5): Promise<Suggestions> {
  const res = await request.get(`/api/frontend/search/suggestions?q=${encodeURIComponent(q)}&limit=${limit}`);
  const body = await res.json();
  expect(body.code).toBe(1);
  return body.data;
}

async function searchFor(request: APIRequestContext, q: string, page = 1, perPage = 24): Promise<ProductPage> {
  const res = await request.get(`/api/frontend/search?q=${encodeURIComponent(q)}&page=${page}&per_page=${perPage}`);
  const body = await res.json();
  expect(body.code).toBe(1);
  return body.data;
}

/** The seeded product's publisher: its name finds that publisher and the books it publishes. */
async function publisherName(request: APIRequestContext): Promise<Named> {
  const body = await (await request.get(`/api/frontend/products/${SEEDED_PRODUCT_ID}`)).json();
  return body.data.publisher;
}

/** A one-character query, taken from the new books' titles, with more than one page but at most 240 results. */
async function multiPageQuery(request: APIRequestContext): Promise<{ q: string; total: number }> {
  const home = (await (await request.get("/api/frontend/home")).json()).data;
  const chars = [...new Set(home.new_books.flatMap((b: { title: string }) => [...b.title]))] as string[];
  for (const q of chars) {
    const { total } = await searchFor(request, q, 1, 1);
    if (total > 24 && total <= 240) return { q, total };
  }
  throw new Error("no character of the new books' titles gives 25 to 240 results");
}

/** Options of the popup in the order the API gave them, as the pages they lead to. */
function expectedHrefs(s: Suggestions) {
  return [
    ...s.books.map((b) => `/product/${b.id}`),
    ...s.authors.map((a) => `/author/${a.id}`),
    ...s.publishers.map((p) => `/publisher/${p.id}`),
    ...s.articles.map((a) => `/article/${a.id}`),
  ];
}

function expectedGroups(s: Suggestions) {
  return [
    { label: "書籍", texts: s.books.map((b) => b.title) },
    { label: "作者", texts: s.authors.map((a) => a.name) },
    { label: "出版社", texts: s.publishers.map((p) => p.name) },
    { label: "文章", texts: s.articles.map((a) => a.title) },
  ].filter((g) => g.texts.length > 0);
}

const combobox = (page: Page) => page.getByRole("combobox", { name: FIELD });
const listbox = (page: Page) => page.getByRole("listbox", { name: "搜尋建議" });
const optionHrefs = (page: Page) =>
  listbox(page)
    .getByRole("option")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-href")));

async function typeInHeader(page: Page, text: string) {
  await waitForHydration(page);
  await combobox(page).click();
  await combobox(page).pressSequentially(text, { delay: 20 });
}

/** The product links of the results grid, in order. */
function resultHrefs(page: Page) {
  return page
    .getByRole("list", { name: "搜尋結果" })
    .getByRole("link")
    .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
}

async function resultPrices(grid: Locator) {
  const texts = await grid.getByRole("listitem").allTextContents();
  return texts.map((t) => Number(/NT\$([\d,]+)/.exec(t)?.[1]?.replaceAll(",", "")));
}

test.describe("suggestions while typing", () => {
  test("typing shows the API's suggestions grouped as 書籍, 作者, 出版社, 文章, and announces their number", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    const expected = await suggestionsFor(request, publisher.name);
    const groups = expectedGroups(expected);
    expect(groups.length, "the publisher's name finds its books and itself").toBeGreaterThanOrEqual(2);

    await page.goto("/");
    await typeInHeader(page, publisher.name);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
    await expect(listbox(page)).toBeVisible();
    await expect(combobox(page)).toHaveAttribute("aria-controls", (await listbox(page).getAttribute("id")) ?? "?");
    await expect.poll(() => optionHrefs(page)).toEqual(expectedHrefs(expected));
    const groupEls = listbox(page).getByRole("group");
    await expect(groupEls).toHaveCount(groups.length);
    for (const [i, group] of groups.entries()) {
      await expect(groupEls.nth(i)).toHaveAccessibleName(group.label);
      await expect(groupEls.nth(i).getByRole("option")).toContainText(group.texts);
    }
    const count = expectedHrefs(expected).length;
    await expect(page.locator("search").getByRole("status")).toHaveText(`有 ${count} 項建議，可用上下方向鍵選擇。`);
    await expect(combobox(page)).not.toHaveAttribute("aria-activedescendant", /./);
  });

  test("ArrowDown and Enter open the active book; ArrowDown further reaches the publisher", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    const expected = await suggestionsFor(request, publisher.name);
    const [firstBook] = expected.books;
    if (!firstBook) throw new Error("the publisher's name finds books");

    await page.goto("/");
    await typeInHeader(page, publisher.name);
    await expect.poll(() => optionHrefs(page)).toEqual(expectedHrefs(expected));
    await page.keyboard.press("ArrowDown");
    const first = listbox(page).getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combobox(page)).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "?");
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/product/${firstBook.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstBook.title);
    // Leaving for another page closes the popup and empties the field.
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await expect(combobox(page)).toHaveValue("");

    await typeInHeader(page, publisher.name);
    await expect.poll(() => optionHrefs(page)).toEqual(expectedHrefs(expected));
    const publisherIndex = expected.books.length + expected.authors.length;
    for (let i = 0; i <= publisherIndex; i++) await page.keyboard.press("ArrowDown");
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveText(publisher.name);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/publisher/${publisher.id}`);
  });

  test("ArrowUp wraps to the last option; Escape closes without clearing; clicking an option opens it", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    const expected = await suggestionsFor(request, publisher.name);
    const hrefs = expectedHrefs(expected);

    await page.goto("/");
    await typeInHeader(page, publisher.name);
    await expect.poll(() => optionHrefs(page)).toEqual(hrefs);
    await page.keyboard.press("ArrowUp");
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveAttribute(
      "data-href",
      hrefs.at(-1) ?? "?",
    );

    await page.keyboard.press("Escape");
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await expect(listbox(page)).toBeHidden();
    await expect(combobox(page)).not.toHaveAttribute("aria-activedescendant", /./);
    await expect(combobox(page)).toHaveValue(publisher.name);
    await expect(page).toHaveURL("/");

    await page.keyboard.press("ArrowDown");
    await expect(listbox(page)).toBeVisible();
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveAttribute("data-href", hrefs[0] ?? "?");

    await listbox(page).getByRole("option", { name: publisher.name, exact: true }).click();
    await expect(page).toHaveURL(`/publisher/${publisher.id}`);
  });

  test("a late answer to an earlier query never replaces the suggestions for what is typed now", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    const short = [...publisher.name][0] ?? "";
    const [early, late] = [await suggestionsFor(request, short), await suggestionsFor(request, publisher.name)];
    expect(expectedHrefs(early), "the two queries suggest different things").not.toEqual(expectedHrefs(late));

    let slowAnswered = false;
    await page.route("**/api/frontend/search/suggestions?*", async (route) => {
      const q = new URL(route.request().url()).searchParams.get("q");
      if (q === short) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        slowAnswered = true;
      }
      await route.continue().catch(() => {});
    });
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/search/suggestions")) asked.push(new URL(r.url()).searchParams.get("q") ?? "");
    });

    await page.goto("/");
    await typeInHeader(page, short);
    await expect.poll(() => asked).toContain(short);
    await combobox(page).pressSequentially([...publisher.name].slice(1).join(""), { delay: 20 });
    await expect.poll(() => optionHrefs(page)).toEqual(expectedHrefs(late));
    await expect.poll(() => slowAnswered).toBe(true);
    await page.waitForTimeout(300);
    expect(await optionHrefs(page)).toEqual(expectedHrefs(late));
  });

  test("a field cleared and typed anew never shows the earlier word's suggestions, with an IME or without", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    const first = expectedHrefs(await suggestionsFor(request, publisher.name));
    const other = (await multiPageQuery(request)).q;
    const second = expectedHrefs(await suggestionsFor(request, other));
    expect(second, "the two words suggest different things").not.toEqual(first);
    await page.goto("/");
    await typeInHeader(page, publisher.name);
    await expect.poll(() => optionHrefs(page)).toEqual(first);

    // Cleared, then an IME composition (注音) starts: nothing is suggested while the syllable is being composed.
    await combobox(page).press("ControlOrMeta+a");
    await combobox(page).press("Backspace");
    await expect(listbox(page)).toBeHidden();
    await page.waitForTimeout(400);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.imeSetComposition", { text: "ㄈㄛˊ", selectionStart: 3, selectionEnd: 3 });
    await expect(combobox(page)).toHaveValue("ㄈㄛˊ");
    await page.waitForTimeout(400);
    await expect(listbox(page)).toBeHidden();
    await expect(listbox(page).getByRole("option")).toHaveCount(0);
    await cdp.send("Input.insertText", { text: "" });

    // Another word typed over a selection: the first word's suggestions are gone at once, the new ones follow.
    await combobox(page).press("ControlOrMeta+a");
    await combobox(page).pressSequentially(other, { delay: 20 });
    expect(await optionHrefs(page)).not.toEqual(first);
    await expect.poll(() => optionHrefs(page)).toEqual(second);
  });

  test("the field is labelled, and the page with the popup open is accessible in both themes", async ({
    page,
    request,
  }) => {
    const publisher = await publisherName(request);
    await page.goto("/");
    await typeInHeader(page, publisher.name);
    await expect(listbox(page).getByRole("option").first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expectAccessible(page);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("the results page", () => {
  test("submitting the header search lists the API's results for the query", async ({ page, request }) => {
    const book = (await (await request.get(`/api/frontend/products/${SEEDED_PRODUCT_ID}`)).json()).data;
    const expected = await searchFor(request, book.title);
    expect(expected.total).toBeGreaterThan(0);

    await page.goto("/");
    await typeInHeader(page, book.title);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(searchUrl(book.title));
    await expect(page).toHaveTitle(`搜尋：${book.title} - ${SITE_TITLE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜尋");
    await expect(page.getByTestId("search-summary")).toHaveText(
      `「${book.title}」的搜尋結果，共 ${expected.total.toLocaleString("en-US")} 筆`,
    );
    expect(await resultHrefs(page)).toEqual(expected.items.map((i) => `/product/${i.id}`));
    const titles = await page.getByRole("list", { name: "搜尋結果" }).getByRole("listitem").allTextContents();
    expect(titles[0], "the best match's title holds the query").toContain(book.title);
    await expect(combobox(page)).toHaveValue(book.title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });

  test("the matching authors, publishers and articles are listed as links", async ({ page, request }) => {
    const publisher = await publisherName(request);
    const related = await suggestionsFor(request, publisher.name, 10);
    await page.goto(`/search?q=${encodeURIComponent(publisher.name)}`);
    const section = page.getByRole("region", { name: "相關出版社" });
    await expect(section.getByRole("link", { name: publisher.name, exact: true })).toHaveAttribute(
      "href",
      `/publisher/${publisher.id}`,
    );
    expect(await section.getByRole("link").count()).toBe(related.publishers.length);
    await expect(page.getByRole("region", { name: "相關作者" })).toHaveCount(related.authors.length > 0 ? 1 : 0);
    await expect(page.getByRole("region", { name: "相關文章" })).toHaveCount(related.articles.length > 0 ? 1 : 0);
    await expectAccessible(page);
  });

  test("pages and orders are links in the URL; page 2 is the API's page 2", async ({ page, request }) => {
    const { q, total } = await multiPageQuery(request);
    const page2 = await searchFor(request, q, 2);
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await waitForHydration(page);
    const pagination = page.getByRole("navigation", { name: "分頁" });
    await pagination.getByRole("link", { name: "第 2 頁" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect.poll(() => resultHrefs(page)).toEqual(page2.items.map((i) => `/product/${i.id}`));
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("第 2 頁");

    // Choosing an order starts again from page 1 and keeps the query.
    const sorts = page.getByRole("navigation", { name: "排序方式" });
    await sorts.getByRole("link", { name: "價格高到低" }).click();
    await expect(page).toHaveURL(searchUrl(q, "&sort=price_desc"));
    await expect(sorts.locator('[aria-current="true"]')).toHaveText("價格高到低");
    const all = await searchFor(request, q, 1, 60);
    const rest = await Promise.all(
      Array.from({ length: all.total_pages - 1 }, (_, i) => searchFor(request, q, i + 2, 60)),
    );
    const prices = [all, ...rest].flatMap((p) => p.items.map((i) => i.price_sale)).sort((a, b) => b - a);
    expect(prices).toHaveLength(total);
    const grid = page.getByRole("list", { name: "搜尋結果" });
    await expect.poll(() => resultPrices(grid)).toEqual(prices.slice(0, 24));
  });

  test("invalid page and order fall back to the defaults; a query over 50 characters is cut to 50, and the page says so", async ({
    page,
    request,
  }) => {
    const { q } = await multiPageQuery(request);
    const first = await searchFor(request, q);
    const res = await page.goto(`/search?q=${encodeURIComponent(q)}&page=abc&sort=cheapest`);
    expect(res?.status()).toBe(200);
    expect(await resultHrefs(page)).toEqual(first.items.map((i) => `/product/${i.id}`));
    await expect(page.getByRole("navigation", { name: "排序方式" }).locator('[aria-current="true"]')).toHaveText(
      "相關度",
    );
    expect((await page.goto(`/search?q=${encodeURIComponent(q)}&page=0`))?.status()).toBe(200);
    expect(await resultHrefs(page)).toEqual(first.items.map((i) => `/product/${i.id}`));
    await expect(page.getByTestId("search-query-cut")).toHaveCount(0);

    const long = `${"書".repeat(48)}經典${"文".repeat(20)}`;
    const cut = long.slice(0, 50);
    const longRes = await page.goto(`/search?q=${encodeURIComponent(long)}`);
    expect(longRes?.status()).toBe(200);
    await expect(page).toHaveTitle(`搜尋：${cut} - ${SITE_TITLE}`);
    await expect(page.getByTestId("search-summary")).toContainText(`「${cut}」`);
    // Not the whole query's result: the page says, in the API's words, that only its start was searched.
    await expect(page.getByTestId("search-query-cut")).toHaveText("搜尋關鍵字最多 50 個字，以下只搜尋前 50 個字。");
  });

  test("an empty query asks for words; a query with no match says what to try", async ({ page }) => {
    // Control characters alone are no words either (never the API's refusal, which would be 查無內容).
    for (const path of ["/search", "/search?q=", "/search?q=%20%20", "/search?q=%00", "/search?q=%01%00%7F%09"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page).toHaveTitle(`搜尋 - ${SITE_TITLE}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜尋");
      await expect(page.getByTestId("search-empty")).toContainText("輸入書名、作者、出版社或 ISBN");
      await expect(page.getByRole("list", { name: "搜尋結果" })).toHaveCount(0);
    }
    await expectAccessible(page);

    await page.goto(`/search?q=${encodeURIComponent(NO_SUCH_BOOK)}`);
    await expect(page.getByTestId("search-summary")).toHaveText(`「${NO_SUCH_BOOK}」的搜尋結果，共 0 筆`);
    const help = page.getByTestId("search-no-results");
    await expect(help.getByRole("heading", { level: 2 })).toHaveText(`找不到符合「${NO_SUCH_BOOK}」的商品`);
    await expect(help).toContainText("「台」與「臺」");
    await expect(help).toContainText("減少關鍵字");
    await expect(help.getByRole("link", { name: "新書上架" })).toHaveAttribute("href", "/product/new-books");
    await expect(page.getByRole("navigation", { name: "排序方式" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header form searches, and sorting and paging work as plain links", async ({ page, request }) => {
    const { q } = await multiPageQuery(request);
    const expected = await searchFor(request, q);

    await page.goto("/");
    const field = page.getByRole("searchbox", { name: FIELD });
    await field.fill(q);
    await field.press("Enter");
    await expect(page).toHaveURL(searchUrl(q));
    await expect(page.getByTestId("search-summary")).toContainText(`共 ${expected.total} 筆`);
    expect(await resultHrefs(page)).toEqual(expected.items.map((i) => `/product/${i.id}`));
    await expect(field).toHaveValue(q);

    await clickOnScreen(page.getByRole("navigation", { name: "排序方式" }).getByRole("link", { name: "價格低到高" }));
    await expect(page).toHaveURL(searchUrl(q, "&sort=price_asc"));
    const grid = page.getByRole("list", { name: "搜尋結果" });
    // The page may still be arriving when its address changes: read it once every card is there.
    await expect(grid.getByRole("listitem")).toHaveCount(24);
    const pricesPage1 = await resultPrices(grid);
    expect(pricesPage1).toEqual([...pricesPage1].sort((a, b) => a - b));

    await clickOnScreen(page.getByRole("navigation", { name: "分頁" }).getByRole("link", { name: "下一頁" }));
    await expect(page).toHaveURL(searchUrl(q, "&sort=price_asc&page=2"));
    await expect(grid.getByRole("listitem")).toHaveCount(Math.min(expected.total - 24, 24));
    const pricesPage2 = await resultPrices(grid);
    expect(pricesPage2).toEqual([...pricesPage2].sort((a, b) => a - b));
    expect(pricesPage2[0]).toBeGreaterThanOrEqual(pricesPage1.at(-1) ?? Number.POSITIVE_INFINITY);
  });
});

test("words typed into the search box before the page hydrated stay in it", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/product/new-books", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox", { name: FIELD }).fill("心經");
  release();
  await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: FIELD })).toHaveValue("心經");
});
