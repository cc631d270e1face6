import { describe, expect, it } from "vitest";
import { readCookie, safeReturnPath, serializeCookie, TOKEN_COOKIE } from "./cookies";

describe("cookies", () => {
  it("reads a cookie among others", () => {
    expect(readCookie("a=1; bookstore_token=abc%3D; b=2", TOKEN_COOKIE)).toBe("abc=");
    expect(readCookie("a=1", TOKEN_COOKIE)).toBeNull();
    expect(readCookie(null, TOKEN_COOKIE)).toBeNull();
    expect(readCookie("xbookstore_token=1", TOKEN_COOKIE)).toBeNull();
  });

  it("writes HttpOnly, SameSite=Lax and Secure except on plain-http localhost", () => {
    expect(serializeCookie(new URL("https://shop.example/"), TOKEN_COOKIE, "t", 86400)).toBe(
      "bookstore_token=t; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure",
    );
    expect(serializeCookie(new URL("http://127.0.0.1:8787/"), TOKEN_COOKIE, "t", 0)).toBe(
      "bookstore_token=t; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    );
    expect(serializeCookie(new URL("http://shop.example/"), TOKEN_COOKIE, "t", 1)).toContain("Secure");
  });

  it("accepts only same-site paths as return addresses", () => {
    expect(safeReturnPath("/product/1?x=2")).toBe("/product/1?x=2");
    expect(safeReturnPath("//evil.example/")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("https://evil.example/")).toBe("/");
    expect(safeReturnPath(null, "/member/profile")).toBe("/member/profile");
  });
});
