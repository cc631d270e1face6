import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalUrl, editorialPageMeta, originFromMatches, pageMeta, siteFromMatches } from "./meta";

const site = { siteTitle: "覺林書房", siteDescription: "歡迎光臨", siteUrl: "", analyticsId: "", buildId: "b" };

describe("pageMeta", () => {
  it("titles pages as 頁面標題 - 站名 with a large-image card", () => {
    const meta = pageMeta(site, { title: "新書上架" });
    expect(meta).toContainEqual({ title: "新書上架 - 覺林書房" });
    expect(meta).toContainEqual({ name: "description", content: "歡迎光臨" });
    expect(meta).toContainEqual({ property: "og:title", content: "新書上架 - 覺林書房" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("uses a page's own description and image when given", () => {
    const meta = pageMeta(site, { title: "心經", description: "一本好書", image: "https://s/c.svg", type: "book" });
    expect(meta).toContainEqual({ name: "description", content: "一本好書" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://s/c.svg" });
    expect(meta).toContainEqual({ property: "og:type", content: "book" });
  });

  it("finds the site configuration in the root match", () => {
    expect(siteFromMatches([{ id: "root", loaderData: { site } }, undefined])).toBe(site);
    expect(siteFromMatches([])).toBeUndefined();
    expect(originFromMatches([{ id: "root", loaderData: { site, origin: "https://books.example.tw" } }])).toBe(
      "https://books.example.tw",
    );
  });

  it("adds the canonical link and og:url when the page has a URL", () => {
    const url = canonicalUrl([{ id: "root", loaderData: { site, origin: "https://books.example.tw" } }], "/news/3");
    expect(url).toBe("https://books.example.tw/news/3");
    const meta = pageMeta(site, { title: "消息", url });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://books.example.tw/news/3" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://books.example.tw/news/3" });
    expect(pageMeta(site, { title: "消息" }).some((m) => "tagName" in m)).toBe(false);
  });

  it("describes an editorial page by its first paragraph, or titles the error page without one", () => {
    const matches = [{ id: "root", loaderData: { site, origin: "https://books.example.tw" } }];
    const page = { title: "大事紀", sections: [{ paragraphs: ["第一間實體書房開幕。", "其後"] }] };
    const meta = editorialPageMeta(matches, page, "/about/milestone");
    expect(meta).toContainEqual({ title: "大事紀 - 覺林書房" });
    expect(meta).toContainEqual({ name: "description", content: "第一間實體書房開幕。" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://books.example.tw/about/milestone",
    });
    expect(editorialPageMeta(matches, undefined, "/x")).toContainEqual({ title: "查無內容 - 覺林書房" });
  });
});

describe("absoluteUrl", () => {
  it("resolves a site path against the origin", () => {
    expect(absoluteUrl("/covers/1.svg", "https://books.example.tw")).toBe("https://books.example.tw/covers/1.svg");
  });

  it("keeps an image already on another host", () => {
    expect(absoluteUrl("https://cdn.example.com/c.jpg", "https://books.example.tw")).toBe(
      "https://cdn.example.com/c.jpg",
    );
  });

  it("leaves the path as it is when there is no origin", () => {
    expect(absoluteUrl("/covers/1.svg", "")).toBe("/covers/1.svg");
  });
});
