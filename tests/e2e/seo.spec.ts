// What search engines read: robots.txt, and a sitemap index whose chunks cover every public item.
import { expect, test } from "../support/test";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

test("robots.txt keeps members' pages out and names the sitemap", async ({ request, baseURL }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toContain("Disallow: /member/");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap index lists the static chunk and every chunk of every kind", async ({ request, baseURL }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
  const index = await res.text();
  expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
  const chunks = locs(index);
  expect(chunks[0]).toBe(`${baseURL}/sitemap/static.xml`);
  for (const kind of ["products", "authors", "publishers", "news", "activities", "articles"]) {
    expect(chunks, kind).toContain(`${baseURL}/sitemap/${kind}-1.xml`);
  }

  // Every product is in the product chunks, once, at its page's address.
  const total = (await (await request.get("/api/frontend/products?per_page=1")).json()).data.total;
  const productUrls = new Set<string>();
  for (const chunk of chunks.filter((c) => c.includes("/sitemap/products-"))) {
    for (const loc of locs(await (await request.get(new URL(chunk).pathname)).text())) productUrls.add(loc);
  }
  expect(productUrls.size).toBe(total);
  expect(productUrls).toContain(`${baseURL}/product/1`);

  const staticChunk = await (await request.get("/sitemap/static.xml")).text();
  expect(locs(staticChunk)).toEqual(expect.arrayContaining([`${baseURL}/`, `${baseURL}/news/list`]));
  expect(staticChunk).toMatch(/\/product\/type\/\d+<\/loc>/);
});

test("every URL of the news, activity and article chunks opens", async ({ request }) => {
  for (const kind of ["news", "activities", "articles"]) {
    const urls = locs(await (await request.get(`/sitemap/${kind}-1.xml`)).text());
    expect(urls.length, kind).toBeGreaterThan(0);
    const sample = urls.filter((_, i) => i % Math.ceil(urls.length / 5) === 0);
    for (const url of sample) expect((await request.get(new URL(url).pathname)).status(), url).toBe(200);
  }
});

test("a chunk that does not exist is a 404", async ({ request }) => {
  for (const file of ["users-1.xml", "products-999.xml", "products-0.xml", "static.json"]) {
    expect((await request.get(`/sitemap/${file}`)).status(), file).toBe(404);
  }
});
