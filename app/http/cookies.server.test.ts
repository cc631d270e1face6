import { describe, expect, it } from "vitest";
import { clearCookie, RETURN_URL_COOKIE, readCookie, returnUrlCookie, TOKEN_COOKIE } from "./cookies.server";

const request = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } });

describe("cookies of a request", () => {
  it("over https: reads, writes and clears the __Host- cookies", () => {
    const req = request("https://shop.example/member/profile", "__Host-bookstore_token=abc; bookstore_token=old");
    expect(readCookie(req, TOKEN_COOKIE)).toBe("abc");
    expect(returnUrlCookie(req, "/member/profile")).toMatch(
      /^__Host-bookstore_return_url=%2Fmember%2Fprofile; Path=\/; .*; Secure$/,
    );
    expect(clearCookie(req, TOKEN_COOKIE)).toMatch(/^__Host-bookstore_token=; Path=\/; Max-Age=0;/);
  });

  it("on http://localhost: the plain names", () => {
    const req = request("http://127.0.0.1:8788/login", "bookstore_return_url=%2Fcart; __Host-bookstore_token=x");
    expect(readCookie(req, RETURN_URL_COOKIE)).toBe("/cart");
    expect(readCookie(req, TOKEN_COOKIE)).toBeNull();
    expect(returnUrlCookie(req, "/cart")).toBe(
      "bookstore_return_url=%2Fcart; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax",
    );
  });
});
