// The catalogue pages: new books, picks, e-books, the type index and a type, an author and a publisher. What
// each lists is checked against the API, so the tests do not depend on the seed's generated words.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { SITE_TITLE } from "../support/routes";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";
import { clickOnScreen } from "./support/pointer";
import { holdRenderAfterUrlChanges } from "./support/render-hold";

const API = "/api/frontend";
const PER_PAGE = 24;

interface ProductPage {
  items: { id: number; price_sale: number; format: number }[];
  page: number;
  total: number;
  total_pages: number;
}

interface TypeNode {
  id: number;
  name: string;
  product_count: number;
  children: { id: number; name: string; product_count: number }[];
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}${path}`);
  const body = await res.json();
  expect(body.code, `${path}: ${body.message}`).toBe(1);
  return body.data as T;
}

const productTypes = (request: APIRequestContext) => apiData<TypeNode[]>(request, "/product-types");

/** The product grid of the page (named after the listing). */
function grid(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("list", { name, exact: true });
}

/** The ids of the products listed in the grid, in order. */
async function listedIds(list: Locator): Promise<number[]> {
  await expect(list.getByRole("listitem").first()).toBeVisible();
  return list
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => Number((a.getAttribute("href") ?? "").split("/").at(-1))));
}

/** The sale prices shown on the cards, in order. */
async function listedPrices(list: Locator): Promise<number[]> {
  await expect(list.getByRole("listitem").first()).toBeVisible();
  const texts = await list.getByRole("link").allTextContents();
  return texts.map((text) => {
    const match = /售價\s*NT\$([\d,]+)/.exec(text);
    expect(match, `a price on the card "${text}"`).not.toBeNull();
    return Number((match?.[1] ?? "").replaceAll(",", ""));
  });
}

const pagination = (page: Page) => page.getByRole("navigation", { name: "分頁" });

/**
 * Waits until the listing shows page `n`. After a client-side navigation the URL changes before React renders the
 * new page (support/render-hold.ts), so a grid read when only the URL is right can still be the old page; the
 * page links are rendered from the same loader data as the grid.
 */
async function expectShownPage(page: Page, n: number) {
  await expect(pagination(page).locator('[aria-current="page"]')).toHaveText(`第 ${n} 頁`);
}

async function expectTotal(page: Page, total: number) {
  await expect(page.getByTestId("list-total")).toHaveText(`共 ${total.toLocaleString("en-US")} 項`);
}

const isAscending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] ?? x) <= x);
const isDescending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] ?? x) >= x);

const LISTS = [
  { path: "/product/new-books", title: "新書上架", api: "/products?is_new=1" },
  { path: "/product/picks", title: "選書推薦", api: "/products?is_pick=1" },
  { path: "/product/ebooks", title: "電子書", api: "/products?format=2" },
];

test.describe("each page kind shows its heading, its items and its pages", () => {
  for (const list of LISTS) {
    test(`${list.path}`, async ({ page, request }) => {
      const expected = await apiData<ProductPage>(request, `${list.api}&per_page=${PER_PAGE}`);
      expect(expected.total_pages, "the seed has more than one page here").toBeGreaterThan(1);
      const res = await page.goto(list.path);
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`${list.title} - ${SITE_TITLE}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(list.title);
      await expect(page.getByRole("navigation", { name: "麵包屑" })).toContainText(list.title);
      expect(await listedIds(grid(page, list.title))).toEqual(expected.items.map((p) => p.id));
      await expectTotal(page, expected.total);
      await expect(pagination(page).locator('[aria-current="page"]')).toHaveText(/1/);
      await expect(pagination(page).getByRole("link", { name: `第 ${expected.total_pages} 頁` })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("/product/type lists every type with its children and counts", async ({ page, request }) => {
    const types = await productTypes(request);
    await page.goto("/product/type");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("商品分類");
    const tree = page.getByTestId("type-tree");
    for (const type of types) {
      const heading = tree.getByRole("heading", { level: 2, name: `${type.name} ${type.product_count} 項` });
      await expect(heading.getByRole("link")).toHaveAttribute("href", `/product/type/${type.id}`);
      for (const child of type.children) {
        await expect(
          tree.getByRole("link", { name: `${child.name} ${child.product_count} 項`, exact: true }),
        ).toHaveAttribute("href", `/product/type/${child.id}`);
      }
    }
    await expectAccessible(page);
  });

  test("/product/type/{id} lists a type with its breadcrumbs and child types", async ({ page, request }) => {
    const [top] = await productTypes(request);
    if (!top) throw new Error("the seed has product types");
    const expected = await apiData<ProductPage>(request, `/products?type_id=${top.id}&per_page=${PER_PAGE}`);
    expect(expected.total_pages).toBeGreaterThan(1);
    await page.goto(`/product/type/${top.id}`);
    await expect(page).toHaveTitle(`${top.name} - ${SITE_TITLE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(top.name);
    const crumbs = page.getByRole("navigation", { name: "麵包屑" });
    await expect(crumbs.getByRole("link", { name: "商品分類" })).toHaveAttribute("href", "/product/type");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(top.name);
    const related = page.getByTestId("related-types");
    for (const child of top.children) {
      await expect(related.getByRole("link", { name: new RegExp(`^${child.name}`) })).toHaveAttribute(
        "href",
        `/product/type/${child.id}`,
      );
    }
    expect(await listedIds(grid(page, top.name))).toEqual(expected.items.map((p) => p.id));
    await expectTotal(page, expected.total);
    await expect(pagination(page)).toBeVisible();
    await expectAccessible(page);

    // A child type: the parent joins the breadcrumbs, and the siblings are offered with the current one marked.
    const child = top.children[0];
    if (!child) throw new Error("the seed's first type has children");
    await page.goto(`/product/type/${child.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(child.name);
    await expect(crumbs.getByRole("link", { name: top.name })).toHaveAttribute("href", `/product/type/${top.id}`);
    await expect(related.locator('[aria-current="page"]')).toContainText(child.name);
    await expect(related.getByRole("link", { name: new RegExp(`^全部${top.name}`) })).toHaveAttribute(
      "href",
      `/product/type/${top.id}`,
    );
  });

  test("/author/{id} shows the author, their books and Person structured data", async ({ page, request }) => {
    const author = await apiData<{ id: number; name: string; bio: string; product_count: number }>(
      request,
      "/authors/1",
    );
    const expected = await apiData<ProductPage>(request, `/authors/1/products?per_page=${PER_PAGE}`);
    const res = await page.goto("/author/1");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${author.name} - ${SITE_TITLE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(author.name);
    await expect(page.getByRole("main")).toContainText(author.bio);
    await expect(page.getByTestId("product-count")).toHaveText(`作品 ${author.product_count} 項`);
    expect(await listedIds(grid(page, `${author.name}的作品`))).toEqual(expected.items.map((p) => p.id));
    await expectTotal(page, expected.total);
    // The seeded authors have fewer books than a page holds: no page links, and a later page says so.
    await expect(pagination(page)).toHaveCount(expected.total_pages > 1 ? 1 : 0);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const person = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Person");
    expect(person).toMatchObject({
      name: author.name,
      description: author.bio,
      url: `${new URL(page.url()).origin}/author/1`,
    });
    await expectAccessible(page);

    const past = await page.goto(`/author/1?page=${expected.total_pages + 1}`);
    expect(past?.status()).toBe(404);
    await expect(page.getByTestId("list-empty")).toContainText("這一頁沒有商品了");
    await page.getByRole("link", { name: "回到第 1 頁" }).click();
    await expect(page).toHaveURL(/\/author\/1$/);
    await expect(grid(page, `${author.name}的作品`).getByRole("listitem")).toHaveCount(expected.items.length);
  });

  test("/publisher/{id} shows the publisher, its books, pages and Organization data", async ({ page, request }) => {
    const publisher = await apiData<{ id: number; name: string; description: string; product_count: number }>(
      request,
      "/publishers/1",
    );
    const expected = await apiData<ProductPage>(request, `/publishers/1/products?per_page=${PER_PAGE}`);
    expect(expected.total_pages).toBeGreaterThan(1);
    await page.goto("/publisher/1");
    await expect(page).toHaveTitle(`${publisher.name} - ${SITE_TITLE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(publisher.name);
    await expect(page.getByRole("main")).toContainText(publisher.description);
    await expect(page.getByTestId("product-count")).toHaveText(`出版品 ${publisher.product_count} 項`);
    expect(await listedIds(grid(page, `${publisher.name}的出版品`))).toEqual(expected.items.map((p) => p.id));
    await expect(pagination(page)).toBeVisible();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const org = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Organization");
    expect(org).toMatchObject({ name: publisher.name, url: `${new URL(page.url()).origin}/publisher/1` });
    await expectAccessible(page);
  });
});

test("sorting by price ascending orders the shown prices from the cheapest", async ({ page, request }) => {
  const all = await apiData<ProductPage>(request, "/products?is_new=1&per_page=60");
  expect(all.total).toBeLessThanOrEqual(60);
  const cheapest = Math.min(...all.items.map((p) => p.price_sale));
  await holdRenderAfterUrlChanges(page);
  await page.goto("/product/new-books");
  await waitForHydration(page);
  await page.getByLabel("排序", { exact: true }).selectOption("price_asc");
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  // The URL changes before React renders the sorted page; the page links, rendered with the grid from the new
  // location, carry the sort once it has.
  await expect(pagination(page).getByRole("link", { name: "下一頁" })).toHaveAttribute("href", /[?&]sort=price_asc/);
  const prices = await listedPrices(grid(page, "新書上架"));
  expect(prices.length).toBe(PER_PAGE);
  expect(isAscending(prices), `ascending: ${prices.join(", ")}`).toBe(true);
  expect(prices[0]).toBe(cheapest);
  await expect(page.getByLabel("排序", { exact: true })).toHaveValue("price_asc");
});

test("the format filter keeps only that format and says which one is chosen", async ({ page, request }) => {
  const expected = await apiData<ProductPage>(request, `/products?is_new=1&format=2&per_page=${PER_PAGE}`);
  expect(expected.total).toBeGreaterThan(0);
  await page.goto("/product/new-books?sort=title");
  const filter = page.getByTestId("format-filter");
  await expect(filter.getByRole("link", { name: "全部" })).toHaveAttribute("aria-current", "true");
  await filter.getByRole("link", { name: "電子書" }).click();
  await expect(page).toHaveURL(/[?&]format=2/);
  await expect(page).toHaveURL(/[?&]sort=title/);
  await expect(filter.getByRole("link", { name: "電子書" })).toHaveAttribute("aria-current", "true");
  await expectTotal(page, expected.total);
  const ids = await listedIds(grid(page, "新書上架"));
  expect(ids.length).toBe(expected.items.length);
  for (const id of ids) {
    const product = await apiData<{ format: number }>(request, `/products/${id}`);
    expect(product.format, `product ${id} is an e-book`).toBe(2);
  }
  // The e-book listing is one format already: no format filter there.
  await page.goto("/product/ebooks");
  await expect(page.getByTestId("format-filter")).toHaveCount(0);
});

test("page 2 shows other items than page 1", async ({ page }) => {
  await page.goto("/product/picks");
  const first = await listedIds(grid(page, "選書推薦"));
  await clickOnScreen(pagination(page).getByRole("link", { name: "下一頁" }));
  await expect(page).toHaveURL(/[?&]page=2/);
  await expectShownPage(page, 2);
  const second = await listedIds(grid(page, "選書推薦"));
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  await expect(page).toHaveTitle(`選書推薦（第 2 頁） - ${SITE_TITLE}`);
});

test("the sort and the filter survive paging", async ({ page, request }) => {
  const expected = await apiData<ProductPage>(request, "/products?is_pick=1&format=1&sort=price_asc&page=2");
  expect(expected.items.length).toBeGreaterThan(0);
  await holdRenderAfterUrlChanges(page);
  await page.goto("/product/picks?sort=price_asc&format=1");
  await waitForHydration(page);
  const firstPage = await listedPrices(grid(page, "選書推薦"));
  await clickOnScreen(pagination(page).getByRole("link", { name: "下一頁" }));
  await expect(page).toHaveURL(/[?&]page=2/);
  await expectShownPage(page, 2);
  const url = new URL(page.url());
  expect(url.searchParams.get("sort")).toBe("price_asc");
  expect(url.searchParams.get("format")).toBe("1");
  expect(await listedIds(grid(page, "選書推薦"))).toEqual(expected.items.map((p) => p.id));
  const secondPage = await listedPrices(grid(page, "選書推薦"));
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/picks\?format=1&page=2$/);
});

test("an invalid query falls back to the defaults", async ({ page, request }) => {
  const expected = await apiData<ProductPage>(request, `/products?is_new=1&per_page=${PER_PAGE}`);
  const res = await page.goto("/product/new-books?sort=bogus&page=abc&format=9&per_page=-1");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("新書上架");
  expect(await listedIds(grid(page, "新書上架"))).toEqual(expected.items.map((p) => p.id));
  await expect(page.getByLabel("排序", { exact: true })).toHaveValue("newest");
  await expect(page.getByLabel("每頁顯示", { exact: true })).toHaveValue(String(PER_PAGE));
  await expect(page.getByTestId("format-filter").getByRole("link", { name: "全部" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  for (const path of [
    "/product/type/1?page=0&sort=",
    "/author/1?page=99999&sort=price",
    "/publisher/1?per_page=5000",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});

test("a page past the end says so, with the 404 status, and leads back to page 1 with the filters kept", async ({
  page,
}) => {
  // No page of the listing: 404, so search engines do not keep it as one (the reader still gets the way back).
  const res = await page.goto("/product/new-books?format=1&page=999");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("list-empty")).toContainText("這一頁沒有商品了");
  await expect(grid(page, "新書上架")).toHaveCount(0);
  await page.getByRole("link", { name: "回到第 1 頁" }).click();
  await expect(page).toHaveURL(/\/product\/new-books\?format=1$/);
  await expect(grid(page, "新書上架").getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);
});

test("unknown authors, publishers and types answer 404 with the error page", async ({ page }) => {
  for (const path of ["/author/987654321", "/publisher/987654321", "/product/type/987654321"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("查無內容");
    await expect(page).toHaveTitle(`查無內容 - ${SITE_TITLE}`);
  }
});

test("the type index leads to a type page whose items all belong to that type", async ({ page, request }) => {
  const types = await productTypes(request);
  const parent = types.find((t) => t.children.length > 0);
  const child = parent?.children.at(-1);
  if (!child) throw new Error("the seed has child types");
  await page.goto("/product/type");
  await page.getByRole("link", { name: `${child.name} ${child.product_count} 項`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/type/${child.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(child.name);
  await expectTotal(page, child.product_count);
  const ids = await listedIds(grid(page, child.name));
  expect(ids.length).toBe(Math.min(child.product_count, PER_PAGE));
  for (const id of ids) {
    const product = await apiData<{ product_type: { id: number } }>(request, `/products/${id}`);
    expect(product.product_type.id, `product ${id} is of type ${child.name}`).toBe(child.id);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sorting, filtering and paging work by plain navigation", async ({ page, request }) => {
    const total = (await apiData<ProductPage>(request, "/products?is_pick=1&format=1&per_page=1")).total;
    await page.goto("/product/picks");
    await page.getByTestId("format-filter").getByRole("link", { name: "紙書" }).click();
    await expect(page).toHaveURL(/[?&]format=1/);
    await expectTotal(page, total);

    await page.getByLabel("排序", { exact: true }).selectOption("price_desc");
    await page.getByLabel("每頁顯示", { exact: true }).selectOption("48");
    await page.getByRole("button", { name: "套用" }).click();
    await expect(page).toHaveURL(/[?&]sort=price_desc/);
    const url = new URL(page.url());
    expect(url.searchParams.get("format")).toBe("1");
    expect(url.searchParams.get("per_page")).toBe("48");
    const firstPage = await listedPrices(grid(page, "選書推薦"));
    expect(firstPage.length).toBe(Math.min(48, total));
    expect(isDescending(firstPage), `descending: ${firstPage.join(", ")}`).toBe(true);

    await clickOnScreen(pagination(page).getByRole("link", { name: "下一頁" }));
    await expect(page).toHaveURL(/[?&]page=2/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("price_desc");
    const secondPage = await listedPrices(grid(page, "選書推薦"));
    expect(isDescending(secondPage)).toBe(true);
    expect(secondPage[0]).toBeLessThanOrEqual(firstPage.at(-1) ?? 0);
  });

  test("an author's books can be sorted by title from the server-rendered form", async ({ page, request }) => {
    // An author whose books come in another order by title than by date, so the sort is seen to apply.
    let found: { id: number; byTitle: number[] } | undefined;
    for (let id = 1; id <= 40 && !found; id++) {
      const byDate = await apiData<ProductPage>(request, `/authors/${id}/products`);
      const byTitle = await apiData<ProductPage>(request, `/authors/${id}/products?sort=title`);
      const ids = byTitle.items.map((p) => p.id);
      if (ids.join() !== byDate.items.map((p) => p.id).join()) found = { id, byTitle: ids };
    }
    if (!found) throw new Error("an author among the first 40 has books in two orders");
    const author = await apiData<{ name: string }>(request, `/authors/${found.id}`);
    await page.goto(`/author/${found.id}`);
    const list = grid(page, `${author.name}的作品`);
    expect(await listedIds(list)).not.toEqual(found.byTitle);
    await page.getByLabel("排序", { exact: true }).selectOption("title");
    await page.getByRole("button", { name: "套用" }).click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    expect(await listedIds(list)).toEqual(found.byTitle);
  });
});

test.describe("on a narrow phone (360 px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the listings do not scroll sideways", async ({ page }) => {
    for (const path of ["/product/new-books?format=2&sort=price_asc", "/product/type/1", "/product/type"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
  });
});
