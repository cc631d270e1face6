import { describe, expect, it } from "vitest";
import { clearPendingLike, pendingLikeCookie, pendingLikeOf } from "./pending-like.server";

const SITE = "https://books.example/login";
const carrying = (value: string) =>
  new Request(SITE, { headers: { Cookie: `__Host-bookstore_pending_like=${value}` } });

describe("a guest's 收藏 kept until they have signed in", () => {
  it("is kept for a quarter of an hour, HttpOnly, as its type and id only", () => {
    expect(pendingLikeCookie(new Request(SITE), { type: 2, id: 40 })).toBe(
      "__Host-bookstore_pending_like=2.40; Path=/; Max-Age=900; HttpOnly; SameSite=Lax; Secure",
    );
    expect(clearPendingLike(new Request("http://localhost:8787/login"))).toMatch(
      /^bookstore_pending_like=; Path=\/; Max-Age=0;/,
    );
  });

  it("reads back what it wrote, and nothing malformed", () => {
    expect(pendingLikeOf(carrying("2.40"))).toEqual({ type: 2, id: 40 });
    expect(pendingLikeOf(carrying("0.9007199254740991"))).toEqual({ type: 0, id: 9007199254740991 });
    for (const bad of ["", "3.1", "0.0", "0.012", "0.1x", "0.99999999999999999", "1", ".5"]) {
      expect(pendingLikeOf(carrying(bad)), bad).toBeNull();
    }
    expect(pendingLikeOf(new Request(SITE))).toBeNull();
  });
});
