import { describe, expect, it } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { likedRedirect, removedNoticeCookie, takeFavoritesNotice } from "./favorites-notice.server";

const LOCAL = "http://localhost:8787/member/favorites";
const SITE = "https://books.example/member/favorites";

/** A request of the member signed in with `token` (on http://localhost the cookies have their plain names). */
function signedIn(url: string, token: string, extra = ""): Request {
  const name = url.startsWith("https:") ? "__Host-bookstore_token" : "bookstore_token";
  return new Request(url, { headers: { Cookie: [`${name}=${token}`, extra].filter(Boolean).join("; ") } });
}

/** The request that member's browser sends next, carrying the cookie a Set-Cookie value set. */
function carrying(url: string, token: string | null, setCookie: string): Request {
  const cookie = setCookie.split(";")[0] ?? "";
  return token === null ? new Request(url, { headers: { Cookie: cookie } }) : signedIn(url, token, cookie);
}

describe("the favourites page's one-shot notice", () => {
  it("leads a like to its tab, with the way back in a short HttpOnly cookie rather than the address", async () => {
    const key = await sessionKeyOf("token-a");
    const book = await likedRedirect(signedIn(LOCAL, "token-a"), 0, "/product/12?tab=intro");
    expect(book.location).toBe("/member/favorites?tab=books");
    expect(book.cookie).toBe(
      `bookstore_favorites_notice=${key}.liked%3A%2Fproduct%2F12%3Ftab%3Dintro; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`,
    );
    expect((await likedRedirect(signedIn(LOCAL, "t"), 1, "/author/2")).location).toBe("/member/favorites?tab=authors");
    expect((await likedRedirect(signedIn(LOCAL, "t"), 2, "/article/3")).location).toBe(
      "/member/favorites?tab=articles",
    );
    expect((await likedRedirect(signedIn(SITE, "t"), 0, "/")).cookie).toMatch(
      /^__Host-bookstore_favorites_notice=.*; Secure$/,
    );
  });

  it("is read once by the same session: the page gets the notice and the Set-Cookie that clears it", async () => {
    const liked = await takeFavoritesNotice(
      carrying(LOCAL, "token-a", (await likedRedirect(signedIn(LOCAL, "token-a"), 0, "/product/12")).cookie),
    );
    expect(liked?.notice).toEqual({ likedFrom: "/product/12", removed: false });
    expect(liked?.clear).toMatch(/^bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
    const removed = await takeFavoritesNotice(
      carrying(SITE, "token-b", await removedNoticeCookie(signedIn(SITE, "token-b"))),
    );
    expect(removed?.notice).toEqual({ likedFrom: null, removed: true });
    expect(removed?.clear).toMatch(/^__Host-bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
  });

  it("tells another session nothing, and clears it: member B after member A in one browser, or a guest", async () => {
    const forA = (await likedRedirect(signedIn(LOCAL, "token-a"), 0, "/product/12")).cookie;
    for (const other of [carrying(LOCAL, "token-b", forA), carrying(LOCAL, null, forA)]) {
      const taken = await takeFavoritesNotice(other);
      expect(taken?.notice).toBeNull();
      expect(taken?.clear).toMatch(/^bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
    }
    // A notice in the old form, without a session, or one written without a session, says nothing either.
    const unkeyed = new Request(LOCAL, {
      headers: { Cookie: "bookstore_token=t; bookstore_favorites_notice=removed" },
    });
    expect((await takeFavoritesNotice(unkeyed))?.notice).toBeNull();
    const guestWritten = await removedNoticeCookie(new Request(LOCAL));
    expect((await takeFavoritesNotice(carrying(LOCAL, "t", guestWritten)))?.notice).toBeNull();
  });

  it("says nothing without the cookie, and never leads off the site", async () => {
    expect(await takeFavoritesNotice(new Request(`${LOCAL}?liked=%2Fproduct%2F1&removed=1`))).toBeNull();
    const key = await sessionKeyOf("t");
    const offSite = async (notice: string) =>
      (
        await takeFavoritesNotice(
          signedIn(LOCAL, "t", `bookstore_favorites_notice=${encodeURIComponent(`${key}.${notice}`)}`),
        )
      )?.notice?.likedFrom;
    expect(await offSite("liked://evil.example")).toBe("/");
    expect(await offSite("liked:https://evil.example")).toBe("/");
    expect(await offSite("something else")).toBeNull();
  });

  it("keeps the cookie well inside a browser's 4 KB: a very long way back loses its query, then itself", async () => {
    const longQuery = `/search?q=${"佛".repeat(600)}`;
    const shortened = await likedRedirect(signedIn(LOCAL, "t"), 0, longQuery);
    expect(shortened.cookie.length).toBeLessThan(1200);
    const taken = await takeFavoritesNotice(carrying(LOCAL, "t", shortened.cookie));
    expect(taken?.notice?.likedFrom).toBe("/search");
    const longPath = await likedRedirect(signedIn(LOCAL, "t"), 0, `/${"a".repeat(2000)}`);
    expect((await takeFavoritesNotice(carrying(LOCAL, "t", longPath.cookie)))?.notice?.likedFrom).toBe("/");
    expect(longPath.cookie.length).toBeLessThan(1200);
  });
});
