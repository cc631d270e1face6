// The member pages when the API fails: the page still renders and says 暫時無法取得資料 with a way to reload, instead
// of the error page (the browser suites cannot make the in-process API fail).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { API_CODE } from "~/http/api-codes";
import { stubApi } from "~/testing/stub-api";
import MemberBookcase, { loader as bookcaseLoader } from "./member-bookcase";
import MemberFavorites, { loader as favoritesLoader } from "./member-favorites";
import MemberOrders, { loader as ordersLoader } from "./member-orders";
import MemberProfilePage, { loader as profileLoader } from "./member-profile";
import { loader as securityLoader } from "./member-security";
import MemberSubscriptions, { loader as subscriptionsLoader } from "./member-subscriptions";

/** A router context whose in-process API fails every call with a server error. */
const failingApi = () =>
  stubApi(() => ({ status: 503, body: { code: API_CODE.serverError, message: "系統忙碌" } })).context;

function args(path: string) {
  const request = new Request(`https://shop.test${path}`, { headers: { Cookie: "bookstore_token=abc" } });
  return { request, context: failingApi(), params: {}, url: new URL(request.url) } as never;
}

/** A route component rendered at `path` with the given props (only those the page reads). */
function render(path: string, page: unknown, props: object) {
  const element = createElement(page as ComponentType<object>, props);
  return renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

describe("member pages when the API fails", () => {
  it("the orders list says the data is unavailable and offers a reload of the same address", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const data = await ordersLoader(args("/member/orders?page=2"));
    expect(data).toMatchObject({ view: "list", orders: null });
    const html = render("/member/orders?page=2", MemberOrders, { loaderData: data });
    expect(html).toContain("暫時無法取得資料");
    expect(html).toContain('href="/member/orders?page=2"');
    expect(html).toContain("重新載入");
    warn.mockRestore();
  });

  it("an order's detail says unavailable, not 查無此訂單, with the API's status", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await ordersLoader(args("/member/orders?no=BK20250312-000001-7KQ3ZP"));
    expect(result).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
    const html = render("/member/orders?no=BK20250312-000001-7KQ3ZP", MemberOrders, {
      loaderData: (result as { data: unknown }).data,
    });
    expect(html).toContain("暫時無法取得資料");
    expect(html).not.toContain("查無此訂單");
    warn.mockRestore();
  });

  it("the bookcase and the subscriptions say the same", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bookcase = await bookcaseLoader(args("/member/bookcase"));
    expect(bookcase).toEqual({ bookcase: null });
    expect(render("/member/bookcase", MemberBookcase, { loaderData: bookcase })).toContain("暫時無法取得資料");
    const subscriptions = await subscriptionsLoader(args("/member/subscriptions"));
    expect(subscriptions).toEqual({ subscriptions: null });
    const html = render("/member/subscriptions", MemberSubscriptions, {
      loaderData: subscriptions,
      actionData: undefined,
    });
    expect(html).toContain("暫時無法取得資料");
    expect(html).not.toContain("儲存設定");
    warn.mockRestore();
  });

  it("the profile says the same, without a form to save", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const profile = await profileLoader(args("/member/profile"));
    expect(profile).toEqual({ profile: null });
    const html = render("/member/profile", MemberProfilePage, { loaderData: profile, actionData: undefined });
    expect(html).toContain("暫時無法取得資料");
    expect(html).not.toContain("儲存變更");
    warn.mockRestore();
  });

  it("the security page's linked providers are unavailable and no provider is offered", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await securityLoader(args("/member/security"))).toEqual({
      identities: null,
      providers: [],
      linkedNow: null,
    });
    // The provider a linking attempt has just linked comes from the address (/oauth/login returns there).
    expect((await securityLoader(args("/member/security?linked=test"))).linkedNow).toBe("test");
    warn.mockRestore();
  });

  it("the favourites say the same, under the tab of the address (books for an unknown one)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const [path, tab] of [
      ["/member/favorites?tab=authors", "authors"],
      ["/member/favorites?tab=nonsense", "books"],
    ] as const) {
      const data = await favoritesLoader(args(path));
      expect(data).toEqual({ tab, favorites: null, likedFrom: null, removed: false });
      // A data router: the page reads the root's session key (none here, as for a guest's first render).
      const Stub = createRoutesStub([
        { id: "favorites", path: "/member/favorites", Component: MemberFavorites as never },
      ]);
      const html = renderToStaticMarkup(
        <QueryClientProvider client={new QueryClient()}>
          <Stub initialEntries={[path]} hydrationData={{ loaderData: { favorites: data } }} />
        </QueryClientProvider>,
      );
      expect(html).toContain("暫時無法取得資料");
      const current = html.match(/<a [^>]*aria-current="page"[^>]*>/g) ?? [];
      expect(current).toHaveLength(1);
      expect(current[0]).toContain(`href="/member/favorites?tab=${tab}"`);
    }
    warn.mockRestore();
  });

  it("the favourites say a no-JS removal once: the reply that says it clears the notice's cookie", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const request = new Request("https://shop.test/member/favorites", {
      headers: {
        Cookie: `__Host-bookstore_token=abc; __Host-bookstore_favorites_notice=${await sessionKeyOf("abc")}.removed`,
      },
    });
    const reply = (await favoritesLoader({
      ...(args("/member/favorites") as object),
      request,
    } as never)) as unknown as {
      data: { removed: boolean; likedFrom: string | null };
      init: { headers: Record<string, string> };
    };
    expect(reply.data).toMatchObject({ removed: true, likedFrom: null });
    expect(reply.init.headers["Set-Cookie"]).toMatch(/^__Host-bookstore_favorites_notice=; Path=\/; Max-Age=0;/);
    warn.mockRestore();
  });
});
