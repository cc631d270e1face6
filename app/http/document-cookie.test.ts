import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie } from "~/http/cookies";
import { cookieIn } from "./document-cookie";

// Names and values as a browser keeps them: RFC 6265 tokens, and values this site writes (percent-encoded) or others
// write (any cookie-octet, a `%` that does not decode, an `=` inside).
const name = fc.stringMatching(/^[A-Za-z0-9_!#$&'*+.^`|~-]{1,12}$/);
const value = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.stringMatching(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]{0,12}$/),
);
const cookieString = fc
  .array(fc.tuple(name, value), { maxLength: 6 })
  .map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join("; "));

describe("the browser's read of document.cookie", () => {
  it("reads what the server's cookie parser reads", () => {
    fc.assert(
      fc.property(cookieString, name, (cookies, wanted) => {
        expect(cookieIn(cookies, wanted)).toBe(readCookie(cookies, wanted));
        for (const part of cookies.split("; ")) {
          const n = part.slice(0, part.indexOf("="));
          expect(cookieIn(cookies, n)).toBe(readCookie(cookies, n));
        }
      }),
    );
  });

  it("reads one cookie among others, the first of a name, and a bad escape as none", () => {
    expect(cookieIn("a=1; bookstore_session=0123456789abcdef; b=2", "bookstore_session")).toBe("0123456789abcdef");
    expect(cookieIn("x=%2Fcart; x=later", "x")).toBe("/cart");
    expect(cookieIn("xbookstore_session=1", "bookstore_session")).toBeNull();
    expect(cookieIn("bookstore_session=%E0%A4%A", "bookstore_session")).toBeNull();
    expect(cookieIn("", "bookstore_session")).toBeNull();
  });
});
