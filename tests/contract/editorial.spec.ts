// Contract tests of the home sections, news, activities and articles (the editorial side of the store).

import { API as api, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { expect, test } from "../support/test";

test("GET /home has every section, filled, in the contract's shape", async ({ request }) => {
  const res = await request.get(`${api}/home`);
  const body = await res.json();
  expectMatchesContract("/home", "get", res.status(), body);
  const home = body.data;
  for (const section of ["banners", "new_books", "picks", "ebooks", "news", "activities", "articles"]) {
    expect(home[section].length, section).toBeGreaterThan(0);
  }
  expect(home.new_books.length).toBeLessThanOrEqual(12);
  expect(home.ebooks.every((p: { format: number }) => p.format === 2)).toBe(true);
  const now = new Date().toISOString();
  expect(home.news.length).toBeLessThanOrEqual(5);
  // Activities: upcoming and ongoing first.
  const states: string[] = home.activities.map((a: { state: string }) => a.state);
  expect(states.indexOf("ended") === -1 || states.slice(states.indexOf("ended")).every((s) => s === "ended")).toBe(
    true,
  );
  expect(home.articles.map((a: { published_at: string }) => a.published_at)).toEqual(
    [...home.articles.map((a: { published_at: string }) => a.published_at)].sort().reverse(),
  );
  expect(home.articles.every((a: { published_at: string }) => a.published_at <= now)).toBe(true);
});

test("home shows only the banners running now: the seeded banner that has ended is left out", async ({ request }) => {
  test.skip(!!process.env.CONTRACT_BASE_URL, "depends on the built-in seed (scripts/seed/editorial.mjs)");
  const banners = (await (await request.get(`${api}/home`)).json()).data.banners;
  // The seed makes six banners: the one linking to a news item ended days before the seeding day, and the one of
  // the next activity runs only until that activity starts.
  expect(banners.length).toBeGreaterThanOrEqual(4);
  expect(banners.length).toBeLessThanOrEqual(5);
  expect(banners.some((b: { link: string }) => b.link.startsWith("/news/"))).toBe(false);
  for (const banner of banners.filter((b: { link: string }) => b.link.startsWith("/activity/"))) {
    const activity = (await (await request.get(`${api}${banner.link.replace("/activity/", "/activities/")}`)).json())
      .data;
    expect(activity.starts_at > new Date().toISOString()).toBe(true);
  }
});

test("news lists pinned items first, then newest; a type filter keeps only that type", async ({ request }) => {
  const all = await request.get(`${api}/news?per_page=50`);
  const body = await all.json();
  expectMatchesContract("/news", "get", all.status(), body);
  const items: { is_pinned: boolean; published_at: string; type: number }[] = body.data.items;
  const firstUnpinned = items.findIndex((n) => !n.is_pinned);
  expect(items.slice(firstUnpinned).every((n) => !n.is_pinned)).toBe(true);
  const unpinned = items.slice(firstUnpinned).map((n) => n.published_at);
  expect(unpinned).toEqual([...unpinned].sort().reverse());

  for (const [type, label] of [
    [1, "活動快訊"],
    [2, "系統公告"],
    [3, "客服中心"],
  ] as const) {
    const res = await request.get(`${api}/news?type=${type}&per_page=5`);
    const page = (await res.json()).data;
    expect(page.total, `type ${type}`).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(body.data.total);
    for (const item of page.items) expect(item).toMatchObject({ type, type_label: label });
  }
});

test("news pages partition the list: no item twice, none missing", async ({ request }) => {
  const first = (await (await request.get(`${api}/news?type=2&per_page=3`)).json()).data;
  const ids = new Set<number>();
  for (let page = 1; page <= first.total_pages; page++) {
    const res = await request.get(`${api}/news?type=2&per_page=3&page=${page}`);
    for (const item of (await res.json()).data.items) ids.add(item.id);
  }
  expect(ids.size).toBe(first.total);
});

test("a news item has its body and its newer and older neighbours of the same type", async ({ request }) => {
  const list = (await (await request.get(`${api}/news?type=1&per_page=50`)).json()).data.items;
  const middle = list.filter((n: { is_pinned: boolean }) => !n.is_pinned)[1];
  const res = await request.get(`${api}/news/${middle.id}`);
  const body = await res.json();
  expectMatchesContract("/news/{id}", "get", res.status(), body);
  expect(body.data).toMatchObject({ id: middle.id, type: 1, title: middle.title });
  expect(body.data.body.length).toBeGreaterThan(0);
  // The second unpinned item of a type with many items has both neighbours, of the same type, on either side in time.
  const { newer, older } = body.data;
  expect(newer).not.toBeNull();
  expect(older).not.toBeNull();
  const newerItem = (await (await request.get(`${api}/news/${newer.id}`)).json()).data;
  const olderItem = (await (await request.get(`${api}/news/${older.id}`)).json()).data;
  expect([newerItem.type, olderItem.type]).toEqual([1, 1]);
  expect(newerItem.published_at >= body.data.published_at).toBe(true);
  expect(olderItem.published_at <= body.data.published_at).toBe(true);
  expect(new Set([newer.id, older.id, middle.id]).size).toBe(3);
});

test("upcoming activities are not over and come soonest first; past ones latest first", async ({ request }) => {
  const now = new Date().toISOString();
  const upcoming = await request.get(`${api}/activities?per_page=50`);
  const up = await upcoming.json();
  expectMatchesContract("/activities", "get", upcoming.status(), up);
  expect(up.data.items.length).toBeGreaterThan(0);
  for (const a of up.data.items) {
    expect(a.ends_at >= now).toBe(true);
    expect(["upcoming", "ongoing"]).toContain(a.state);
  }
  const starts = up.data.items.map((a: { starts_at: string }) => a.starts_at);
  expect(starts).toEqual([...starts].sort());

  const past = (await (await request.get(`${api}/activities?when=past&per_page=50`)).json()).data;
  expect(past.items.length).toBeGreaterThan(0);
  for (const a of past.items) expect(a).toMatchObject({ state: "ended" });
  const pastStarts = past.items.map((a: { starts_at: string }) => a.starts_at);
  expect(pastStarts).toEqual([...pastStarts].sort().reverse());

  const all = (await (await request.get(`${api}/activities?when=all&per_page=1`)).json()).data;
  expect(all.total).toBe(up.data.total + past.total);
});

test("an activity has its details; an online one has no street address", async ({ request }) => {
  const items = (await (await request.get(`${api}/activities?when=all&per_page=50`)).json()).data.items;
  const online = items.find((a: { is_online: boolean }) => a.is_online);
  const inPerson = items.find((a: { is_online: boolean }) => !a.is_online);
  for (const summary of [online, inPerson]) {
    expect(summary).toBeTruthy();
    const res = await request.get(`${api}/activities/${summary.id}`);
    const body = await res.json();
    expectMatchesContract("/activities/{id}", "get", res.status(), body);
    expect(body.data.body.length).toBeGreaterThan(0);
    expect(body.data.ends_at >= body.data.starts_at).toBe(true);
    if (summary.is_online) expect(body.data.address).toBeNull();
    else expect(body.data.address).toMatch(/[市縣]/);
  }
});

test("articles: newest first, by category and by author; the detail lists the books it mentions", async ({
  request,
}) => {
  const res = await request.get(`${api}/articles?per_page=20`);
  const body = await res.json();
  expectMatchesContract("/articles", "get", res.status(), body);
  const dates = body.data.items.map((a: { published_at: string }) => a.published_at);
  expect(dates).toEqual([...dates].sort().reverse());

  const categories = await request.get(`${api}/articles/categories`);
  const catBody = await categories.json();
  expectMatchesContract("/articles/categories", "get", categories.status(), catBody);
  const [largest] = catBody.data;
  const byCategory = (await (await request.get(`${api}/articles?category=${encodeURIComponent(largest.name)}`)).json())
    .data;
  expect(byCategory.total).toBe(largest.article_count);
  for (const a of byCategory.items) expect(a.category).toBe(largest.name);
  const sum = catBody.data.reduce((n: number, c: { article_count: number }) => n + c.article_count, 0);
  expect(sum).toBe(body.data.total);

  const withAuthor = body.data.items.find((a: { author: unknown }) => a.author !== null);
  const byAuthor = (await (await request.get(`${api}/articles?author_id=${withAuthor.author.id}`)).json()).data;
  expect(byAuthor.items.map((a: { id: number }) => a.id)).toContain(withAuthor.id);

  const detail = await request.get(`${api}/articles/${withAuthor.id}`);
  const detailBody = await detail.json();
  expectMatchesContract("/articles/{id}", "get", detail.status(), detailBody);
  expect(detailBody.data.body.length).toBeGreaterThan(0);
  expect(detailBody.data.products.length).toBeGreaterThan(0);
});

test("the activity and article welcome pages have texts", async ({ request }) => {
  for (const slug of ["activity-welcome", "article-welcome"]) {
    const res = await request.get(`${api}/pages/${slug}`);
    const body = await res.json();
    expectMatchesContract("/pages/{slug}", "get", res.status(), body);
    expect(body.data.sections.length, slug).toBeGreaterThan(0);
  }
});

test("search suggestions include articles whose titles contain the words", async ({ request }) => {
  const article = (await (await request.get(`${api}/articles?per_page=1`)).json()).data.items[0];
  const word: string = /[\u4e00-\u9fff]{3}/.exec(article.title)?.[0] ?? "";
  expect(word).toHaveLength(3);
  const res = await request.get(`${api}/search/suggestions?q=${encodeURIComponent(word)}&limit=10`);
  const body = await res.json();
  expectMatchesContract("/search/suggestions", "get", res.status(), body);
  expect(body.data.articles.length).toBeGreaterThan(0);
  for (const a of body.data.articles) expect(a.title).toContain(word);
});

test("a member favourites an article and sees it in the likes", async ({ request }) => {
  const { headers } = await registerMember(request);
  const article = (await (await request.get(`${api}/articles?per_page=1`)).json()).data.items[0];
  const res = await request.post(`${api}/member/favorites`, { headers, data: { type: 2, id: article.id, status: 1 } });
  expect(res.status()).toBe(200);
  const likes = (await (await request.get(`${api}/member/likes`, { headers })).json()).data;
  expect(likes[2]).toEqual({ type: 2, items: [article.id] });
  const missing = await request.post(`${api}/member/favorites`, {
    headers,
    data: { type: 2, id: 987654321, status: 1 },
  });
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ code: 4, message: "找不到這篇文章" });
});

const badInputs: [string, string, number, number][] = [
  ["/news", "?type=4", 400, 2],
  ["/news", "?type=abc", 400, 2],
  ["/news", "?type=1%27%20OR%201=1", 400, 2],
  ["/news", "?page=0", 400, 2],
  ["/news", "?per_page=51", 400, 2],
  ["/news", "?page=1.5", 400, 2],
  ["/news/{id}", "/abc", 400, 2],
  ["/news/{id}", "/0", 400, 2],
  ["/news/{id}", "/%3Cscript%3E", 400, 2],
  ["/news/{id}", "/987654321", 404, 4],
  ["/activities", "?when=tomorrow", 400, 2],
  ["/activities", "?per_page=-1", 400, 2],
  ["/activities/{id}", "/1%20OR%201=1", 400, 2],
  ["/activities/{id}", "/987654321", 404, 4],
  ["/articles", "?author_id=abc", 400, 2],
  ["/articles", `?category=${"長".repeat(21)}`, 400, 2],
  ["/articles", "?page=1001", 400, 2],
  ["/articles/{id}", "/99999999999999999999", 400, 2],
  ["/articles/{id}", "/987654321", 404, 4],
];

for (const [path, suffix, status, code] of badInputs) {
  test(`bad input ${path} ${suffix} gets code ${code}, never a 500`, async ({ request }) => {
    const res = await request.get(`${api}${path.replace("/{id}", "")}${suffix}`);
    expect(res.status()).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ code, message: expect.stringMatching(/[\u4e00-\u9fff]/) });
    expectMatchesContract(path, "get", status, body);
  });
}

test("an unknown category or author is an empty page, not an error", async ({ request }) => {
  for (const query of ["category=%E4%B8%8D%E5%AD%98%E5%9C%A8", "author_id=987654321", "category=%27%3B--"]) {
    const res = await request.get(`${api}/articles?${query}`);
    const body = await res.json();
    expectMatchesContract("/articles", "get", res.status(), body);
    expect(body.data).toMatchObject({ items: [], total: 0, total_pages: 0 });
  }
});
