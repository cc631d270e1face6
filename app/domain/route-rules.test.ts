import { describe, expect, it } from "vitest";
import { numericIdRedirect, pagePathOfDataRequest } from "./route-rules";

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
