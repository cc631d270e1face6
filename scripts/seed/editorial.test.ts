import { describe, expect, it } from "vitest";
import { EDITORIAL_TABLES, editorialRows, editorialSql, insertSql } from "./editorial.mjs";

// The seed run's day at 00:00 UTC, as scripts/seed.mjs passes it.
const now = new Date("2026-11-23T00:00:00.000Z");
const nowIso = now.toISOString();
// catalogue.mjs writes max(12, round(productCount / 3)) authors.
const options = { productCount: 600, authorCount: 200, now };
const rows = editorialRows(options);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/;

function paragraphsOf(body: string): unknown {
  return JSON.parse(body);
}

describe("seed editorial content", () => {
  it("is deterministic", () => {
    expect(editorialSql(options)).toEqual(editorialSql({ ...options, now: new Date(nowIso) }));
    expect(editorialRows(options)).toEqual(rows);
  });

  it("writes the default sizes with contiguous ids", () => {
    expect(rows.banners).toHaveLength(6);
    expect(rows.news).toHaveLength(60);
    expect(rows.activities).toHaveLength(40);
    expect(rows.articles).toHaveLength(80);
    for (const list of [rows.banners, rows.news, rows.activities, rows.articles]) {
      expect(list.map((r) => r.id)).toEqual(list.map((_, i) => i + 1));
    }
  });

  it("writes multi-row INSERT statements for every table, children last", () => {
    const sql = editorialSql(options);
    const tables = sql.map((s) => /^INSERT INTO (\w+) \(/.exec(s)?.[1]);
    expect([...new Set(tables)]).toEqual([...EDITORIAL_TABLES].reverse());
    expect(sql.length).toBeLessThan(20);
    for (const s of sql) expect(s.endsWith(");")).toBe(true);
  });

  it("escapes quotes and writes NULLs", () => {
    const [sql] = insertSql("t", [
      { id: 1, text: "覺林's", note: null },
      { id: 2, text: "書房", note: "x" },
    ]);
    expect(sql).toBe("INSERT INTO t (id, text, note) VALUES (1, '覺林''s', NULL), (2, '書房', 'x');");
  });

  it("splits large tables into statements of at most 200 rows and 90 KB", () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, text: "經".repeat(i % 2 ? 10 : 400) }));
    const sql = insertSql("t", many);
    expect(sql.length).toBeGreaterThanOrEqual(3);
    for (const s of sql) expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(90_000);
    expect(sql.join("").match(/\(\d+, '/g)).toHaveLength(450);
  });

  it("has all three news types, a couple pinned, and recent news", () => {
    expect(new Set(rows.news.map((n) => n.type))).toEqual(new Set([1, 2, 3]));
    const pinned = rows.news.filter((n) => n.is_pinned === 1).length;
    expect(pinned).toBeGreaterThanOrEqual(1);
    expect(pinned).toBeLessThanOrEqual(3);
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    expect(rows.news.filter((n) => n.published_at > monthAgo).length).toBeGreaterThanOrEqual(3);
  });

  it("has upcoming, ongoing and past activities, in person and online", () => {
    const { activities } = rows;
    const upcoming = activities.filter((a) => a.starts_at > nowIso);
    const past = activities.filter((a) => a.ends_at < nowIso);
    const ongoing = activities.filter((a) => a.starts_at <= nowIso && a.ends_at >= nowIso);
    expect(upcoming.length).toBeGreaterThanOrEqual(15);
    expect(past.length).toBeGreaterThanOrEqual(10);
    expect(ongoing.length).toBeGreaterThanOrEqual(1);
    for (const a of activities) {
      if (a.is_online === 1) expect(a.address).toBeNull();
      else expect(a.address).toMatch(/^(臺北|新北|桃園|新竹|臺中|臺南|高雄|宜蘭|花蓮|臺東)[市縣]/);
      if (a.capacity !== null) expect(a.capacity).toBeGreaterThanOrEqual(20);
      if (a.capacity !== null) expect(a.capacity).toBeLessThanOrEqual(200);
      expect(a.fee === 0 || (a.fee >= 200 && a.fee <= 800)).toBe(true);
      if (a.registration_url !== null) expect(a.registration_url).toBe(`https://example.org/register/${a.id}`);
      expect(a.cover_url).toBe(`/media/activities/${a.id}.png`);
      // 09:00–19:30 in Taipei is 01:00–11:30 UTC.
      const start = new Date(a.starts_at);
      const minutes = start.getUTCHours() * 60 + start.getUTCMinutes();
      expect(minutes).toBeGreaterThanOrEqual(60);
      expect(minutes).toBeLessThanOrEqual(11 * 60 + 30);
      const hours = (Date.parse(a.ends_at) - start.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(1.5);
      expect(hours).toBeLessThanOrEqual(3 * 24);
    }
    expect(new Set(activities.map((a) => a.is_online))).toEqual(new Set([0, 1]));
  });

  it("writes ISO 8601 UTC times, never publishes in the future and never ends before it starts", () => {
    for (const item of [...rows.news, ...rows.activities, ...rows.articles]) {
      expect(item.published_at).toMatch(ISO);
      expect(item.published_at <= nowIso).toBe(true);
    }
    for (const a of rows.activities) {
      expect(a.starts_at).toMatch(ISO);
      expect(a.ends_at >= a.starts_at).toBe(true);
      expect(a.published_at < a.starts_at).toBe(true);
    }
    const twoYearsAgo = new Date(now.getTime() - 740 * 86_400_000).toISOString();
    for (const item of [...rows.news, ...rows.articles]) expect(item.published_at > twoYearsAgo).toBe(true);
  });

  it("writes bodies as JSON arrays of non-empty paragraphs", () => {
    for (const item of [...rows.news, ...rows.activities, ...rows.articles]) {
      const body = paragraphsOf(item.body);
      expect(Array.isArray(body)).toBe(true);
      const paragraphs = body as unknown[];
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      for (const p of paragraphs) {
        expect(typeof p).toBe("string");
        expect((p as string).trim()).not.toBe("");
      }
    }
    for (const a of rows.articles) {
      const length = (paragraphsOf(a.body) as unknown[]).length;
      expect(length).toBeGreaterThanOrEqual(3);
      expect(length).toBeLessThanOrEqual(6);
    }
  });

  it("writes Traditional-Chinese text without lorem ipsum or English words", () => {
    const texts = [...rows.news, ...rows.activities, ...rows.articles].flatMap((item) => [
      item.title,
      item.summary,
      ...(paragraphsOf(item.body) as string[]),
    ]);
    for (const text of texts) {
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      expect(text).not.toMatch(/lorem|ipsum/i);
    }
  });

  it("gives articles categories, authors in range, and 1–4 distinct books each", () => {
    const categories = new Set(rows.articles.map((a) => a.category));
    expect(categories).toEqual(new Set(["書評", "專訪", "閱讀生活", "佛學入門", "編輯手記"]));
    const anonymous = rows.articles.filter((a) => a.author_id === null).length;
    expect(anonymous).toBeGreaterThan(0);
    expect(anonymous).toBeLessThan(rows.articles.length / 2);
    for (const a of rows.articles) {
      if (a.author_id !== null) expect(a.author_id >= 1 && a.author_id <= options.authorCount).toBe(true);
      expect(a.cover_url).toBe(`/media/articles/${a.id}.png`);
    }
    const byArticle = new Map<number, { product_id: number; position: number }[]>();
    for (const link of rows.article_products) {
      expect(Number.isInteger(link.product_id)).toBe(true);
      expect(link.product_id >= 1 && link.product_id <= options.productCount).toBe(true);
      byArticle.set(link.article_id, [...(byArticle.get(link.article_id) ?? []), link]);
    }
    expect(byArticle.size).toBe(rows.articles.length);
    for (const links of byArticle.values()) {
      expect(links.length >= 1 && links.length <= 4).toBe(true);
      expect(new Set(links.map((l) => l.product_id)).size).toBe(links.length);
      expect(links.map((l) => l.position)).toEqual(links.map((_, i) => i));
    }
  });

  it("has six banners in order, all started, one of them already ended", () => {
    const { banners } = rows;
    expect(banners.map((b) => b.position)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const b of banners) {
      expect(b.starts_at < nowIso).toBe(true);
      if (b.ends_at !== null) expect(b.ends_at > b.starts_at).toBe(true);
      expect(b.image_url).toBe(`/media/banners/${b.id}.svg`);
      expect([b.image_width, b.image_height]).toEqual([1440, 480]);
      expect(b.link).toMatch(/^\/(product|activity|article|news)\//);
    }
    expect(banners.filter((b) => b.ends_at !== null && b.ends_at < nowIso)).toHaveLength(1);
    expect(banners.filter((b) => b.ends_at === null).length).toBeGreaterThanOrEqual(4);
    const ids = (kind: string) => banners.map((b) => new RegExp(`^/${kind}/(\\d+)$`).exec(b.link)?.[1]).filter(Boolean);
    for (const [kind, list] of [
      ["activity", rows.activities],
      ["article", rows.articles],
      ["news", rows.news],
    ] as const) {
      const linked = ids(kind);
      expect(linked).toHaveLength(1);
      expect(Number(linked[0])).toBeLessThanOrEqual(list.length);
    }
  });

  it("keeps small catalogues valid", () => {
    const small = editorialRows({ productCount: 2, authorCount: 0, now });
    expect(small.articles.every((a) => a.author_id === null)).toBe(true);
    for (const link of small.article_products) expect([1, 2]).toContain(link.product_id);
  });

  it("scales with the catalogue", () => {
    const big = editorialRows({ productCount: 100_000, authorCount: 33_333, now });
    expect(big.banners).toHaveLength(6);
    expect(big.articles).toHaveLength(10_000);
    expect(big.news).toHaveLength(10_000);
    expect(big.activities.length).toBeGreaterThan(6_000);
    expect(big.article_products.length).toBeGreaterThan(10_000);
    expect(big.article_products.every((l) => l.product_id >= 1 && l.product_id <= 100_000)).toBe(true);
    const sql = editorialSql({ productCount: 100_000, authorCount: 33_333, now });
    expect(sql.length).toBeLessThan(1_000);
    // A correctness test over a large catalogue, not a timed one: on a loaded 2-core machine it can pass 5 s.
  }, 60_000);
});
