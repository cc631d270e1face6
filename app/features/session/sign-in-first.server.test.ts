// "A guest goes to /login and comes back", the one way: the member layout, /order-complete and a checkout step.
import { describe, expect, it } from "vitest";
import { requireMember, signInFirst } from "./sign-in-first.server";

const thrown = (work: () => void): Response => {
  try {
    work();
  } catch (error) {
    return error as Response;
  }
  throw new Error("nothing was thrown");
};

const returnAddress = (response: Response) =>
  decodeURIComponent(/bookstore_return_url=([^;]*)/.exec(response.headers.getSetCookie().join("\n"))?.[1] ?? "");

describe("requireMember", () => {
  it("sends a guest to /login, coming back to the page (a client navigation's .data and _routes left out)", () => {
    const response = thrown(() =>
      requireMember(new Request("https://shop.test/member/orders.data?page=2&_routes=layouts%2Fmember")),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(returnAddress(response)).toBe("/member/orders?page=2");
  });

  it("comes back to the address it is given (a checkout step), and lets a member through", () => {
    const response = thrown(() =>
      requireMember(new Request("https://shop.test/cart?checkout=0"), { returnTo: "/cart?checkout=0" }),
    );
    expect(returnAddress(response)).toBe("/cart?checkout=0");
    const member = new Request("https://shop.test/member/orders", { headers: { Cookie: "__Host-bookstore_token=t" } });
    expect(() => requireMember(member)).not.toThrow();
  });
});

describe("signInFirst", () => {
  it("forgets an ended session's token and marker when asked", () => {
    const response = signInFirst(new Request("https://shop.test/member/profile"), { clearToken: true });
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/bookstore_token=; .*Max-Age=0/);
    expect(cookies).toMatch(/bookstore_session=; .*Max-Age=0/);
  });

  it("forgets a 收藏 kept from earlier: signing in now leads back to this page, not to the favourites", () => {
    const cookies = signInFirst(new Request("https://shop.test/cart?checkout=0")).headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
  });
});
