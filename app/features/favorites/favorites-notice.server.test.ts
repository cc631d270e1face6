import { describe, expect, it } from "vitest";
import { likedRedirect, removedNoticeCookie, takeFavoritesNotice } from "./favorites-notice.server";

const LOCAL = "http://localhost:8787/member/favorites";
const SITE = "https://books.example/member/favorites";

/** The request a browser sends next, carrying the cookie a Set-Cookie value set. */
function carrying(url: string, setCookie: string): Request {
  return new Request(url, { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

describe("the favourites page's one-shot notice", () => {
  it("leads a like to its tab, with the way back in a short HttpOnly cookie rather than the address", () => {
    const book = likedRedirect(new Request(LOCAL), 0, "/product/12?tab=intro");
    expect(book.location).toBe("/member/favorites?tab=books");
    expect(book.cookie).toBe(
      "bookstore_favorites_notice=liked%3A%2Fproduct%2F12%3Ftab%3Dintro; Path=/; Max-Age=60; HttpOnly; SameSite=Lax",
    );
    expect(likedRedirect(new Request(LOCAL), 1, "/author/2").location).toBe("/member/favorites?tab=authors");
    expect(likedRedirect(new Request(LOCAL), 2, "/article/3").location).toBe("/member/favorites?tab=articles");
    expect(likedRedirect(new Request(SITE), 0, "/").cookie).toMatch(/^__Host-bookstore_favorites_notice=.*; Secure$/);
  });

  it("is read once: the page gets the notice and the Set-Cookie that clears it", () => {
    const liked = takeFavoritesNotice(carrying(LOCAL, likedRedirect(new Request(LOCAL), 0, "/product/12").cookie));
    expect(liked?.notice).toEqual({ likedFrom: "/product/12", removed: false });
    expect(liked?.clear).toMatch(/^bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
    const removed = takeFavoritesNotice(carrying(SITE, removedNoticeCookie(new Request(SITE))));
    expect(removed?.notice).toEqual({ likedFrom: null, removed: true });
    expect(removed?.clear).toMatch(/^__Host-bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
  });

  it("says nothing without the cookie, and never leads off the site", () => {
    expect(takeFavoritesNotice(new Request(`${LOCAL}?liked=%2Fproduct%2F1&removed=1`))).toBeNull();
    const offSite = (back: string) =>
      takeFavoritesNotice(
        new Request(LOCAL, { headers: { Cookie: `bookstore_favorites_notice=${encodeURIComponent(back)}` } }),
      )?.notice.likedFrom;
    expect(offSite("liked://evil.example")).toBe("/");
    expect(offSite("liked:https://evil.example")).toBe("/");
    expect(offSite("something else")).toBeNull();
  });
});
