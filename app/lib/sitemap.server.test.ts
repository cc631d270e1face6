import { describe, expect, it } from "vitest";
import { chunkFiles, parseChunkFile, robotsTxt, sitemapIndexXml, urlsetXml } from "./sitemap.server";

describe("sitemap", () => {
  it("lists the static chunk, then every chunk of every kind", () => {
    expect(
      chunkFiles([
        { kind: "products", chunks: 2 },
        { kind: "news", chunks: 1 },
        { kind: "articles", chunks: 0 },
      ]),
    ).toEqual(["static.xml", "products-1.xml", "products-2.xml", "news-1.xml"]);
  });

  it("reads chunk names back and refuses anything else", () => {
    expect(parseChunkFile("static.xml")).toEqual({ kind: "static", page: 1 });
    expect(parseChunkFile("products-20.xml")).toEqual({ kind: "products", page: 20 });
    for (const bad of ["products-0.xml", "users-1.xml", "products-1.xml.gz", "../x.xml", "products-1001.xml"]) {
      expect(parseChunkFile(bad), bad).toBeNull();
    }
  });

  it("writes valid XML with escaped locations", () => {
    const xml = urlsetXml([
      { loc: "https://b.tw/search?q=a&b", lastmod: "2026-01-01T00:00:00Z" },
      { loc: "https://b.tw/" },
    ]);
    expect(xml).toContain("<loc>https://b.tw/search?q=a&amp;b</loc><lastmod>2026-01-01T00:00:00Z</lastmod>");
    expect(xml).toContain("<url><loc>https://b.tw/</loc></url>");
    expect(sitemapIndexXml(["https://b.tw/sitemap/static.xml"])).toContain(
      "<sitemap><loc>https://b.tw/sitemap/static.xml</loc></sitemap>",
    );
  });

  it("keeps members' pages out of robots and points at the sitemap", () => {
    const robots = robotsTxt("https://b.tw");
    expect(robots).toContain("Disallow: /member/");
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Sitemap: https://b.tw/sitemap.xml");
  });
});
