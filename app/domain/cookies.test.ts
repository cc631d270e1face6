import { describe, expect, it } from "vitest";
import {
  clearedSessionCookies,
  cookieName,
  RETURN_URL_COOKIE,
  readCookie,
  readSiteCookie,
  SESSION_COOKIE,
  serializeCookie,
  sessionCookies,
  TOKEN_COOKIE,
} from "./cookies";

describe("cookies", () => {
  it("reads a cookie among others", () => {
    expect(readCookie("a=1; bookstore_token=abc%3D; b=2", TOKEN_COOKIE)).toBe("abc=");
    expect(readCookie("a=1", TOKEN_COOKIE)).toBeNull();
    expect(readCookie(null, TOKEN_COOKIE)).toBeNull();
    expect(readCookie("xbookstore_token=1", TOKEN_COOKIE)).toBeNull();
  });

  it("writes HttpOnly, SameSite=Lax, Secure and the __Host- prefix except on plain-http localhost", () => {
    expect(serializeCookie(new URL("https://shop.example/"), TOKEN_COOKIE, "t", 86400)).toBe(
      "__Host-bookstore_token=t; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure",
    );
    expect(serializeCookie(new URL("https://shop.example/login"), RETURN_URL_COOKIE, "/cart", 60)).toBe(
      "__Host-bookstore_return_url=%2Fcart; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure",
    );
    expect(serializeCookie(new URL("http://127.0.0.1:8787/"), TOKEN_COOKIE, "t", 0)).toBe(
      "bookstore_token=t; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    );
    expect(serializeCookie(new URL("http://localhost:5173/"), RETURN_URL_COOKIE, "/", 1)).toMatch(
      /^bookstore_return_url=%2F; Path=\/;/,
    );
    // Anything else is written Secure, so it carries the prefix too (a browser refuses it over plain http).
    expect(serializeCookie(new URL("http://shop.example/"), TOKEN_COOKIE, "t", 1)).toMatch(
      /^__Host-bookstore_token=t; .*; Secure$/,
    );
  });

  it("never writes a Domain, as the __Host- prefix requires", () => {
    for (const origin of ["https://shop.example/", "https://www.shop.example/a/b", "http://127.0.0.1:8787/"]) {
      expect(serializeCookie(new URL(origin), TOKEN_COOKIE, "t", 1)).not.toMatch(/Domain=/i);
    }
  });

  it("names cookies by scheme", () => {
    expect(cookieName(new URL("https://shop.example/"), TOKEN_COOKIE)).toBe("__Host-bookstore_token");
    expect(cookieName(new URL("https://shop.example/"), RETURN_URL_COOKIE)).toBe("__Host-bookstore_return_url");
    expect(cookieName(new URL("http://127.0.0.1:8788/"), TOKEN_COOKIE)).toBe("bookstore_token");
    expect(cookieName(new URL("http://[::1]:8788/"), TOKEN_COOKIE)).toBe("bookstore_token");
  });

  it("reads the cookie under the name of the scheme, and only that one", () => {
    const both = "bookstore_token=plain; __Host-bookstore_token=prefixed";
    expect(readSiteCookie(new URL("https://shop.example/"), both, TOKEN_COOKIE)).toBe("prefixed");
    expect(readSiteCookie(new URL("http://127.0.0.1:8788/"), both, TOKEN_COOKIE)).toBe("plain");
    // Over https a plain-named cookie (which a sibling subdomain or an http page could have set) is not trusted.
    expect(readSiteCookie(new URL("https://shop.example/"), "bookstore_token=planted", TOKEN_COOKIE)).toBeNull();
    expect(readSiteCookie(new URL("http://localhost/"), "__Host-bookstore_token=x", TOKEN_COOKIE)).toBeNull();
  });
});

describe("the session cookies", () => {
  it("start a session with the HttpOnly token and a marker scripts can read, holding the session key only", () => {
    expect(sessionCookies(new URL("https://shop.example/login"), "tok-0123456789", "0123456789abcdef")).toEqual([
      "__Host-bookstore_token=tok-0123456789; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure",
      "__Host-bookstore_session=0123456789abcdef; Path=/; Max-Age=86400; SameSite=Lax; Secure",
    ]);
    expect(sessionCookies(new URL("http://127.0.0.1:8788/"), "tok", "0123456789abcdef")[1]).toBe(
      "bookstore_session=0123456789abcdef; Path=/; Max-Age=86400; SameSite=Lax",
    );
  });

  it("end it by clearing both", () => {
    expect(clearedSessionCookies(new URL("https://shop.example/"))).toEqual([
      "__Host-bookstore_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
      "__Host-bookstore_session=; Path=/; Max-Age=0; SameSite=Lax; Secure",
    ]);
  });

  it("every other cookie stays HttpOnly", () => {
    expect(serializeCookie(new URL("https://shop.example/"), SESSION_COOKIE, "x", 1)).toContain("HttpOnly");
    expect(serializeCookie(new URL("https://shop.example/"), SESSION_COOKIE, "x", 1, { readable: true })).not.toContain(
      "HttpOnly",
    );
  });
});
