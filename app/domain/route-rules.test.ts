import { describe, expect, it } from "vitest";
import { numericIdRedirect, pagePathOfDataRequest, withoutLeadingZeros } from "./route-rules";

describe("numericIdRedirect", () => {
  it.each([
    "/activity/12",
    "/article/3",
    "/author/7",
    "/news/42",
    "/product/1001",
    "/product/type/5",
    "/publisher/9",
    "/product/1001/",
  ])("lets numeric ids through: %s", (path) => {
    expect(numericIdRedirect(path)).toBeNull();
  });

  it.each([
    "/activity/abc",
    "/article/1a",
    "/author/-1",
    "/news/1.5",
    "/product/%E6%9B%B8",
    "/product/type/x",
    "/publisher/ ",
    "/product/12abc/",
    "/product/%ZZ",
  ])("sends non-numeric ids home: %s", (path) => {
    expect(numericIdRedirect(path)).toBe("/");
  });

  it.each([
    ["/product/012", "/product/12"],
    ["/product/0001001/", "/product/1001"],
    ["/news/00", "/news/0"],
    ["/product/type/05", "/product/type/5"],
    ["/author/%30%37", "/author/7"],
  ])("sends an id with leading zeros to its one address: %s → %s", (path, target) => {
    expect(numericIdRedirect(path)).toBe(target);
  });

  it.each([
    "/",
    "/activity/list",
    "/activity/welcome",
    "/article/list",
    "/article/welcome",
    "/news/list",
    "/product/ebooks",
    "/product/new-books",
    "/product/picks",
    "/product/type",
    "/search",
    "/member/orders",
    "/product/1/extra",
  ])("leaves other paths alone: %s", (path) => {
    expect(numericIdRedirect(path)).toBeNull();
  });
});

describe("pagePathOfDataRequest", () => {
  it("maps single-fetch data URLs to their page path", () => {
    expect(pagePathOfDataRequest("/product/abc.data")).toBe("/product/abc");
    expect(pagePathOfDataRequest("/_.data")).toBe("/");
    expect(pagePathOfDataRequest("/product/abc/_.data")).toBe("/product/abc/");
  });
  it("returns null for document requests", () => {
    expect(pagePathOfDataRequest("/product/abc")).toBeNull();
  });
});

describe("withoutLeadingZeros", () => {
  it.each([
    ["/api/frontend/products/012", "/api/frontend/products/12"],
    ["/api/frontend/products/0012/related", "/api/frontend/products/12/related"],
    ["/api/frontend/authors/00/products", "/api/frontend/authors/0/products"],
    ["/api/frontend/products/12", "/api/frontend/products/12"],
    ["/api/frontend/products/1020", "/api/frontend/products/1020"],
    ["/api/frontend/news/0a", "/api/frontend/news/0a"],
    ["/api/frontend/env", "/api/frontend/env"],
    ["/api/frontend/products/000000000000012", "/api/frontend/products/12"],
    ["/api/frontend/products/0000000000000012", "/api/frontend/products/0000000000000012"],
    ["/api/frontend/products/0000000000000000000001/related", "/api/frontend/products/0000000000000000000001/related"],
  ])("%s → %s", (path, expected) => {
    expect(withoutLeadingZeros(path)).toBe(expected);
  });
});
