import { describe, expect, it } from "vitest";
import { isBookmark, lastBookmarkCookie, passesBookmarkOn, sessionStart } from "./d1-session";

const BOOKMARK = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";

describe("the D1 session a request reads through", () => {
  it("a guest's GET reads from any replica", () => {
    expect(sessionStart({ method: "GET", member: false, bookmark: null })).toBe("first-unconstrained");
    expect(sessionStart({ method: "HEAD", member: false, bookmark: null })).toBe("first-unconstrained");
  });

  it("a member with a bookmark reads at least as new as it", () => {
    expect(sessionStart({ method: "GET", member: true, bookmark: BOOKMARK })).toBe(BOOKMARK);
  });

  it("a member without a bookmark reads from the primary", () => {
    expect(sessionStart({ method: "GET", member: true, bookmark: null })).toBe("first-primary");
  });

  it("a write goes to the primary, whoever sends it and whatever bookmark it carries", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(sessionStart({ method, member: false, bookmark: null }), method).toBe("first-primary");
      expect(sessionStart({ method, member: true, bookmark: BOOKMARK }), method).toBe("first-primary");
    }
  });

  it("ignores a malformed bookmark: a member then reads from the primary, a guest from any replica", () => {
    for (const bookmark of ["", "first-unconstrained", "first-primary", `${BOOKMARK}0`, BOOKMARK.replace(/-/g, "")]) {
      expect(isBookmark(bookmark), bookmark).toBe(false);
      expect(sessionStart({ method: "GET", member: true, bookmark }), bookmark).toBe("first-primary");
      expect(sessionStart({ method: "GET", member: false, bookmark }), bookmark).toBe("first-unconstrained");
    }
    expect(isBookmark(BOOKMARK)).toBe(true);
    expect(isBookmark(BOOKMARK.toUpperCase())).toBe(true);
  });

  it("hands the bookmark back after a member's request or any write, never after a guest's read", () => {
    expect(passesBookmarkOn({ method: "GET", member: true })).toBe(true);
    expect(passesBookmarkOn({ method: "POST", member: false })).toBe(true);
    expect(passesBookmarkOn({ method: "DELETE", member: true })).toBe(true);
    expect(passesBookmarkOn({ method: "GET", member: false })).toBe(false);
    expect(passesBookmarkOn({ method: "HEAD", member: false })).toBe(false);
  });
});

describe("the bookmark a page hands on", () => {
  it("is the last bookmark cookie of the API's replies, under the site's name for it", () => {
    const http = new URL("http://127.0.0.1:8787/member/profile");
    const https = new URL("https://books.example.tw/member/profile");
    const values = [
      "bookstore_token=abc; Path=/; HttpOnly",
      "bookstore_d1_bookmark=first; Path=/; HttpOnly",
      "bookstore_d1_bookmark=second; Path=/; HttpOnly",
    ];
    expect(lastBookmarkCookie(values, http)).toBe("bookstore_d1_bookmark=second; Path=/; HttpOnly");
    expect(lastBookmarkCookie(values, https)).toBeNull();
    expect(lastBookmarkCookie(["__Host-bookstore_d1_bookmark=x; Secure"], https)).toBe(
      "__Host-bookstore_d1_bookmark=x; Secure",
    );
    expect(lastBookmarkCookie([], http)).toBeNull();
  });
});
