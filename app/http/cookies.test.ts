import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSetCookie } from "cookie";
import { describe, expect, it } from "vitest";
import {
  clearedSessionCookies,
  cookieHeaderAfter,
  cookieName,
  RETURN_URL_COOKIE,
  readCookie,
  readSiteCookie,
  SESSION_COOKIE,
  serializeCookie,
  sessionCookies,
  sessionMarkerCookie,
  setCookieName,
  TOKEN_COOKIE,
} from "./cookies";

describe("cookies", () => {
  it("reads a cookie among others", () => {
    expect(readCookie("a=1; bookstore_token=abc%3D; b=2", TOKEN_COOKIE)).toBe("abc=");
    expect(readCookie("a=1", TOKEN_COOKIE)).toBeNull();
    expect(readCookie(null, TOKEN_COOKIE)).toBeNull();
    expect(readCookie("xbookstore_token=1", TOKEN_COOKIE)).toBeNull();
  });

  it("reads the first of two cookies of one name, around spaces, past a pair without a value", () => {
    expect(readCookie("bookstore_token=first; bookstore_token=second", TOKEN_COOKIE)).toBe("first");
    expect(readCookie("a ;  bookstore_token = abc ;b=2", TOKEN_COOKIE)).toBe("abc");
    expect(readCookie("bookstore_token=", TOKEN_COOKIE)).toBe("");
    expect(readCookie("", TOKEN_COOKIE)).toBeNull();
  });

  it("reads a badly escaped value as none, not as its raw text", () => {
    expect(readCookie("bookstore_token=%E0%A4%A", TOKEN_COOKIE)).toBeNull();
    expect(readCookie("bookstore_token=%; bookstore_token=later", TOKEN_COOKIE)).toBeNull();
  });

  it("gives the Cookie header a browser sends after a reply: set cookies replaced or added, cleared ones gone", () => {
    const after = cookieHeaderAfter("a=1; bookstore_token=old; keep=%E4%B8%80", [
      "bookstore_token=new; Path=/; HttpOnly",
      "a=; Path=/; Max-Age=0",
      "fresh=x%20y; Path=/",
    ]);
    expect(after).toBe("bookstore_token=new; keep=%E4%B8%80; fresh=x%20y");
    expect(cookieHeaderAfter(null, [])).toBe("");
  });

  it("names the cookie a Set-Cookie value sets", () => {
    expect(setCookieName("__Host-bookstore_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure")).toBe(
      "__Host-bookstore_token",
    );
    expect(setCookieName("bookstore_d1_bookmark=a=b; Path=/")).toBe("bookstore_d1_bookmark");
  });

  it("writes what a cookie parser reads back with every attribute of the site", () => {
    const https = new URL("https://shop.example/");
    expect(parseSetCookie(serializeCookie(https, RETURN_URL_COOKIE, "/search?q=佛學&x=1; y", 60))).toEqual({
      name: "__Host-bookstore_return_url",
      value: "/search?q=佛學&x=1; y",
      path: "/",
      maxAge: 60,
      httpOnly: true,
      sameSite: "lax",
      secure: true,
    });
    expect(parseSetCookie(sessionMarkerCookie(new URL("http://127.0.0.1:8788/"), "0123456789abcdef"))).toEqual({
      name: "bookstore_session",
      value: "0123456789abcdef",
      path: "/",
      maxAge: 86400,
      sameSite: "lax",
    });
  });

  it("refuses a cookie name that would break the header", () => {
    expect(() => serializeCookie(new URL("https://shop.example/"), "a;b", "x", 1)).toThrow(TypeError);
    expect(() => serializeCookie(new URL("https://shop.example/"), "a b", "x", 1)).toThrow(TypeError);
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

describe("the cookie package", () => {
  // In the browser it would land in the shell chunk every route loads first (app/http/document-cookie.ts says why).
  it("is imported in app/ only by cookies.ts, and cookies.ts only by server-side modules", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sources(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const importing = (pattern: RegExp) =>
      sources(join(root, "app"))
        .filter((file) => pattern.test(readFileSync(file, "utf8")))
        .map((file) => relative(root, file).replaceAll("\\", "/"))
        .sort();
    expect(importing(/from "cookie"/)).toEqual(["app/http/cookies.ts"]);
    expect(importing(/from "(~\/domain|\.|\.\.)\/cookies"/).filter((file) => !file.endsWith(".server.ts"))).toEqual([]);
  });
});
