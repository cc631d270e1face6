import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("return addresses", () => {
  it("accepts only same-site paths as return addresses", () => {
    expect(safeReturnPath("/product/1?x=2")).toBe("/product/1?x=2");
    expect(safeReturnPath("//evil.example/")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("https://evil.example/")).toBe("/");
    expect(safeReturnPath(null, "/member/profile")).toBe("/member/profile");
  });

  it.each([
    ["a tab after the slash", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a carriage return", "/\r//evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["the unit separator U+001F", "/product/1\u001f"],
    ["DEL", "/\u007f/evil.example"],
    ["a C1 control U+0085", "/\u0085/evil.example"],
    ["a C1 control U+009F", "/member\u009f"],
    ["a backslash later in the path", "/product/\\evil"],
    ["a backslash after a slash", "/\\evil.example"],
    ["an encoded tab", "/%09/evil.example"],
    ["an encoded newline", "/%0a/evil.example"],
    ["an encoded NUL", "/%00"],
    ["an encoded U+001F", "/x%1F"],
    ["an encoded DEL", "/%7f/evil.example"],
    ["an encoded backslash", "/%5C/evil.example"],
    ["an encoded backslash, lower case", "/%5c%5cevil.example"],
    ["an encoded C1 control", "/%C2%85/evil.example"],
    ["an encoded C1 control, lower case", "/%c2%9f"],
    ["a twice-encoded tab", "/%2509/evil.example"],
    ["a twice-encoded backslash", "/%255C/evil.example"],
    ["a three-times-encoded backslash", "/%25255c/evil.example"],
    ["a protocol-relative address", "//evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["no leading slash", "evil.example"],
    ["an empty string", ""],
  ])("refuses %s", (_, hostile) => {
    expect(safeReturnPath(hostile, "/fallback")).toBe("/fallback");
  });

  it.each([
    "/",
    "/product/1?from=%E6%96%B0%E6%9B%B8",
    "/search?q=%E4%BD%9B%E5%AD%B8&page=2",
    "/member/orders#BK20250312-000001",
    "/search?q=100%25",
    "/news/list?type=1",
  ])("keeps the same-site path %s", (path) => {
    expect(safeReturnPath(path, "/fallback")).toBe(path);
  });
});
