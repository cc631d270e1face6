import { describe, expect, it } from "vitest";
import { documentCachePlan, isStorableDocument } from "./document-rules";
import { CACHE_POLICIES } from "./policies";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const context = { buildId: "build-1", routeRedirect: null };

function plan(url: string, init: { method?: string; cookie?: string; userAgent?: string } = {}, ctx = context) {
  const headers = new Headers({ "User-Agent": init.userAgent ?? CHROME });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return documentCachePlan(new Request(url, { method: init.method ?? "GET", headers }), ctx);
}
const keyOf = (url: string) => plan(url)?.key;

describe("the key of a guest document", () => {
  it("keeps only the parameters the page's loaders read, sorted, first value of each", () => {
    const key = keyOf("http://127.0.0.1:8788/search?x=random&sort=price_asc&q=生活&page=2&q=別的");
    expect(key).toBe(keyOf(`http://127.0.0.1:8788/search?page=2&q=${encodeURIComponent("生活")}&sort=price_asc`));
    expect(key).toBe(keyOf("http://127.0.0.1:8788/search?q=生活&utm_source=mail&page=2&sort=price_asc&fbclid=1"));
    expect(key).not.toBe(keyOf("http://127.0.0.1:8788/search?q=生活&page=3&sort=price_asc"));
    expect(plan("http://127.0.0.1:8788/search?x=1&sort=title&q=a")?.renderUrl).toBe(
      "http://127.0.0.1:8788/search?q=a&sort=title",
    );
  });

  it("writes the page number as the listings read it, the first page as none", () => {
    const first = keyOf("http://shop.test/product/new-books?sort=price_asc");
    for (const page of ["1", "01", "abc", "0", "-2", "0x2", "2.0", "1001", "", "%E4%B8%80"]) {
      expect(keyOf(`http://shop.test/product/new-books?sort=price_asc&page=${page}`), page).toBe(first);
    }
    expect(keyOf("http://shop.test/product/new-books?page=02&sort=price_asc")).toBe(
      keyOf("http://shop.test/product/new-books?sort=price_asc&page=2"),
    );
    expect(plan("http://shop.test/search?q=a&page=0003")?.renderUrl).toBe("http://shop.test/search?page=3&q=a");
    expect(plan("http://shop.test/news/list?page=zz")?.renderUrl).toBe("http://shop.test/news/list");
  });

  it("drops every parameter of a page whose loaders read none", () => {
    expect(keyOf("http://shop.test/product/1?x=random")).toBe(keyOf("http://shop.test/product/1"));
    expect(plan("http://shop.test/product/1?utm_source=a")?.renderUrl).toBe("http://shop.test/product/1");
    expect(keyOf("http://shop.test/product/1")).not.toBe(keyOf("http://shop.test/product/2"));
  });

  it("tells listings apart by their sort, format, page and page size", () => {
    const base = "http://shop.test/product/new-books";
    const keys = ["", "?page=2", "?sort=title", "?format=2", "?per_page=48"].map((q) => keyOf(`${base}${q}`));
    expect(new Set(keys).size).toBe(5);
    expect(keyOf(`${base}?page=2&junk=1`)).toBe(keyOf(`${base}?page=2`));
  });

  it("names the build, the site's origin and the variant", () => {
    const key = keyOf("https://books.example.tw/");
    expect(key).toContain("build-1");
    expect(key).not.toBe(plan("https://books.example.tw/", {}, { ...context, buildId: "build-2" })?.key);
    expect(key).not.toBe(keyOf("https://other.example.tw/"));
    // Crawlers get the whole document at once, people a streamed one: stored apart.
    expect(plan("https://books.example.tw/", { userAgent: "Googlebot/2.1" })?.key).not.toBe(key);
  });

  it("caches a page's single-fetch data requests apart from its document, keeping _routes", () => {
    const data = plan("http://shop.test/product/new-books.data?page=2&_routes=routes%2Fproduct-list&x=1");
    expect(data?.key).not.toBe(keyOf("http://shop.test/product/new-books?page=2"));
    expect(data?.renderUrl).toBe("http://shop.test/product/new-books.data?_routes=routes%2Fproduct-list&page=2");
    expect(plan("http://shop.test/_.data")?.policy).toBe(CACHE_POLICIES.short);
  });

  it("serves a public page to members from the same entry as guests (issue 25)", () => {
    for (const url of ["http://127.0.0.1:8788/product/1", "https://books.example.tw/product/1.data"]) {
      const guest = plan(url);
      for (const cookie of ["bookstore_token=t", "a=1; __Host-bookstore_token=t; __Host-bookstore_session=k"]) {
        expect(plan(url, { cookie }), cookie).toEqual(guest);
      }
    }
  });

  it("takes the policy from the page registry", () => {
    expect(plan("http://shop.test/product/1")?.policy).toBe(CACHE_POLICIES.short);
    expect(plan("http://shop.test/privacy")?.policy).toBe(CACHE_POLICIES.long);
  });
});

describe("documents that are never cached", () => {
  it("skips member, cart, sign-in and account screens and unknown paths", () => {
    for (const path of [
      "/member/profile",
      "/member/orders?page=2",
      "/member/profile.data",
      "/cart",
      "/cart?checkout=1",
      "/login",
      "/register",
      "/recovery",
      "/oauth/login",
      "/oauth/register",
      "/order-complete",
      "/order-search",
      "/no/such/page",
    ]) {
      expect(plan(`http://shop.test${path}`), path).toBeNull();
    }
  });

  it("serves a HEAD from the GET's entry", () => {
    expect(plan("http://shop.test/product/1?x=1", { method: "HEAD" })).toEqual(plan("http://shop.test/product/1"));
    expect(plan("http://shop.test/product/1", { method: "HEAD" })).not.toBeNull();
  });

  it("skips other methods and redirected requests", () => {
    expect(plan("http://shop.test/product/1", { method: "POST" })).toBeNull();
    expect(plan("http://shop.test/product/1", { method: "PUT" })).toBeNull();
    expect(documentCachePlan(new Request("http://shop.test/product/x.data"), { ...context, routeRedirect: "/" })).toBe(
      null,
    );
  });

  it("stores only 200 HTML or data replies that set no cookie and are not private", () => {
    const html = { "Content-Type": "text/html; charset=utf-8" };
    expect(isStorableDocument(new Response("<p>", { headers: html }))).toBe(true);
    expect(isStorableDocument(new Response("[]", { headers: { "Content-Type": "text/x-script" } }))).toBe(true);
    expect(isStorableDocument(new Response("<p>", { status: 404, headers: html }))).toBe(false);
    expect(isStorableDocument(new Response("<p>", { status: 500, headers: html }))).toBe(false);
    expect(isStorableDocument(new Response(null, { status: 302, headers: { Location: "/" } }))).toBe(false);
    expect(isStorableDocument(new Response("<p>", { headers: { ...html, "Set-Cookie": "a=1" } }))).toBe(false);
    expect(
      isStorableDocument(new Response("<p>", { headers: { ...html, "Cache-Control": "private, no-store" } })),
    ).toBe(false);
    expect(isStorableDocument(new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
  });
});
