// /login's decisions without a browser. Pages from the edge cache are rendered for a guest, so a member without
// JavaScript (or before hydration) meets the guest's 收藏 form and the guest's 登入 link: neither may ask a signed-in
// member to sign in again. A guest's press goes on as it always did.
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { API_CODE } from "~/http/api-codes";
import { type StubReply, stubApi } from "~/testing/stub-api";
import { thrownResponse } from "~/testing/thrown-response";
import { action, loader } from "./login";

const MEMBER = "__Host-bookstore_token=t; __Host-bookstore_session=0123456789abcdef";
const OK: StubReply = { body: { code: API_CODE.ok, message: "成功", data: null } };
const ENDED: StubReply = { status: 401, body: { code: API_CODE.unauthenticated, message: "請先登入" } };

const args = (request: Request, context: RouterContextProvider) =>
  ({ request, context, params: {}, url: new URL(request.url) }) as never;

const press = (form: Record<string, string>, cookie = "") =>
  new Request("https://shop.test/login", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams({ intent: "sign-in-first", ...form }),
  });

/** A guest's 收藏 form of /product/12 as favorite-button.tsx renders it. */
const LIKE_BOOK_12 = { return_to: "/product/12?tab=intro#about", type: "0", id: "12" };

const setCookies = (response: Response) => response.headers.getSetCookie().join("\n");
const returnAddress = (response: Response) =>
  decodeURIComponent(/__Host-bookstore_return_url=([^;]*)/.exec(setCookies(response))?.[1] ?? "");
/** The API calls made, as "METHOD /path" and the JSON body when there is one. */
const described = (calls: Request[]) =>
  Promise.all(
    calls.map(async (call) => {
      const path = new URL(call.url).pathname.replace("/api/frontend", "");
      const body = call.method === "GET" ? "" : ` ${await call.clone().text()}`;
      return `${call.method} ${path}${body}`;
    }),
  );

describe("/login's action: a 收藏 form of a page rendered for a guest", () => {
  it("a guest's press remembers the page and goes to sign in, calling nothing", async () => {
    const { context, calls } = stubApi(() => OK);
    const response = await thrownResponse(() => action(args(press(LIKE_BOOK_12), context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(returnAddress(response)).toBe("/product/12?tab=intro#about");
    expect(calls).toEqual([]);
    // What they pressed is kept, to be added once they have signed in; a press that names no like forgets it.
    expect(setCookies(response)).toContain("__Host-bookstore_pending_like=0.12; Path=/; Max-Age=900; HttpOnly");
    const other = await thrownResponse(() => action(args(press({ return_to: "/cart" }), context)));
    expect(setCookies(other)).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
  });

  it("a member's press adds the like as the live toggle does and shows it among their favourites, with the way back", async () => {
    const { context, calls } = stubApi(() => OK);
    const response = await thrownResponse(() => action(args(press(LIKE_BOOK_12, MEMBER), context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/member/favorites?tab=books");
    expect(await described(calls)).toEqual(['POST /member/favorites {"type":0,"id":12,"status":1}']);
    expect(calls[0]?.headers.get("Cookie")).toContain("__Host-bookstore_token=t");
    // The way back rides in the one-shot notice; neither a return address to spend later nor the session touched.
    expect(setCookies(response)).toBe(
      `__Host-bookstore_favorites_notice=${await sessionKeyOf("t")}.${encodeURIComponent("liked:/product/12?tab=intro#about")}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure\n` +
        // A press kept earlier as a guest is done with.
        "__Host-bookstore_pending_like=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    );
  });

  it("authors and articles too; a return address off the site leads back home instead", async () => {
    const { context, calls } = stubApi(() => OK);
    const author = await thrownResponse(() =>
      action(args(press({ return_to: "//evil.example/author/3", type: "1", id: "3" }, MEMBER), context)),
    );
    expect(author.headers.get("Location")).toBe("/member/favorites?tab=authors");
    const key = await sessionKeyOf("t");
    expect(setCookies(author)).toContain(`favorites_notice=${key}.${encodeURIComponent("liked:/")};`);
    const article = await thrownResponse(() =>
      action(args(press({ return_to: "/article/40", type: "2", id: "40" }, MEMBER), context)),
    );
    expect(article.headers.get("Location")).toBe("/member/favorites?tab=articles");
    expect(setCookies(article)).toContain(`favorites_notice=${key}.${encodeURIComponent("liked:/article/40")};`);
    expect(await described(calls)).toEqual([
      'POST /member/favorites {"type":1,"id":3,"status":1}',
      'POST /member/favorites {"type":2,"id":40,"status":1}',
    ]);
  });

  it("an ended session (code 3) is forgotten and the press goes on as a guest's: sign in, then back", async () => {
    const { context } = stubApi(() => ENDED);
    const response = await thrownResponse(() => action(args(press(LIKE_BOOK_12, MEMBER), context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(returnAddress(response)).toBe("/product/12?tab=intro#about");
    expect(setCookies(response)).toMatch(/__Host-bookstore_token=; .*Max-Age=0/);
    expect(setCookies(response)).toMatch(/__Host-bookstore_session=; .*Max-Age=0/);
  });

  it("a like the API refuses is the page's error: 查無內容 for an item that is gone", async () => {
    const { context } = stubApi(() => ({ status: 404, body: { code: API_CODE.notFound, message: "找不到這本書" } }));
    await expect(action(args(press({ ...LIKE_BOOK_12, id: "99999" }, MEMBER), context))).rejects.toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 404 },
    });
  });

  it("a press that names no like, or a malformed one, is never sent to the API: it goes to /login", async () => {
    const { context, calls } = stubApi(() => OK);
    const likes: Record<string, string>[] = [
      {},
      { type: "3", id: "12" },
      { type: "0", id: "12abc" },
      { type: "0", id: "0" },
    ];
    for (const like of likes) {
      const response = await thrownResponse(() =>
        action(args(press({ return_to: "/cart?checkout=0", ...like }, MEMBER), context)),
      );
      expect(response.headers.get("Location")).toBe("/login");
      expect(returnAddress(response)).toBe("/cart?checkout=0");
    }
    expect(calls).toEqual([]);
  });
});

describe("/login's sign-in after a guest's 收藏: the press is added, not lost", () => {
  const NEW_TOKEN = "__Host-bookstore_token=new-token; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure";
  const signIn = (cookie: string) =>
    new Request("https://shop.test/login", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ email: "reader@example.com", password: "Reader1234" }),
    });
  const KEPT = "__Host-bookstore_pending_like=0.12; __Host-bookstore_return_url=%2Fproduct%2F12%3Ftab%3Dintro";
  /** The API: sign-in sets the new session's token; the like answers `like`. */
  const api = (like: StubReply) => (request: Request) =>
    new URL(request.url).pathname.endsWith("/member/login") ? { ...OK, setCookies: [NEW_TOKEN] } : like;

  it("adds the kept like for the member just signed in, then goes back to the page (SPEC §2's return address)", async () => {
    const { context, calls } = stubApi(api(OK));
    const response = await thrownResponse(() => action(args(signIn(KEPT), context)));
    expect(response.headers.get("Location")).toBe("/product/12?tab=intro");
    expect(await described(calls)).toEqual([
      'POST /member/login {"email":"reader@example.com","password":"Reader1234"}',
      'POST /member/favorites {"type":0,"id":12,"status":1}',
    ]);
    // Added with the new session's token, not anything the browser sent before.
    expect(calls[1]?.headers.get("Cookie")).toContain("__Host-bookstore_token=new-token");
    const cookies = setCookies(response);
    expect(cookies).toContain(NEW_TOKEN);
    expect(cookies).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
    expect(cookies).toMatch(/__Host-bookstore_return_url=; Path=\/; Max-Age=0/);
  });

  it("a like the API does not take is forgotten: back to the page, signed in", async () => {
    const { context } = stubApi(api({ status: 404, body: { code: API_CODE.notFound, message: "找不到這本書" } }));
    const response = await thrownResponse(() => action(args(signIn(KEPT), context)));
    expect(response.headers.get("Location")).toBe("/product/12?tab=intro");
    expect(setCookies(response)).toContain(NEW_TOKEN);
    expect(setCookies(response)).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
  });

  it("adds it only for a session the sign-in started, and passes the write's D1 bookmark on", async () => {
    const BOOKMARK = "__Host-bookstore_d1_bookmark=after-like; Path=/; HttpOnly; SameSite=Lax; Secure";
    const bookmarked = stubApi((request) =>
      new URL(request.url).pathname.endsWith("/member/login")
        ? { ...OK, setCookies: [NEW_TOKEN] }
        : { ...OK, setCookies: [BOOKMARK] },
    );
    const response = await thrownResponse(() => action(args(signIn(KEPT), bookmarked.context)));
    expect(setCookies(response)).toContain(BOOKMARK);
    // A sign-in reply that set no token (none started) adds nothing to the session the browser had.
    const { context, calls } = stubApi(() => OK);
    const old = await thrownResponse(() => action(args(signIn(`${MEMBER}; ${KEPT}`), context)));
    expect(old.headers.get("Location")).toBe("/product/12?tab=intro");
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(["/api/frontend/member/login"]);
    expect(setCookies(old)).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
  });

  it("a like that cannot be added at all (the API call throws) still signs the reader in", async () => {
    const { context } = stubApi((request) => {
      if (new URL(request.url).pathname.endsWith("/member/login")) return { ...OK, setCookies: [NEW_TOKEN] };
      throw new Error("connection reset");
    });
    const response = await thrownResponse(() => action(args(signIn(KEPT), context)));
    expect(response.headers.get("Location")).toBe("/product/12?tab=intro");
    expect(setCookies(response)).toContain(NEW_TOKEN);
  });

  it("不要加入收藏 forgets the kept press and shows the form again; so does signing out", async () => {
    const { context } = stubApi(() => OK);
    const forget = new Request("https://shop.test/login", {
      method: "POST",
      headers: { Cookie: KEPT },
      body: new URLSearchParams({ intent: "forget-like" }),
    });
    const response = await thrownResponse(() => action(args(forget, context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookies(response)).toMatch(/^__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
    const logout = new Request("https://shop.test/login", {
      method: "POST",
      headers: { Cookie: `${MEMBER}; ${KEPT}` },
      body: new URLSearchParams({ intent: "logout" }),
    });
    const out = await thrownResponse(() => action(args(logout, context)));
    expect(setCookies(out)).toMatch(/__Host-bookstore_pending_like=; Path=\/; Max-Age=0/);
  });

  it("without a kept like (or a malformed one), signing in adds nothing", async () => {
    for (const cookie of ["__Host-bookstore_return_url=%2Fproduct%2F12", "__Host-bookstore_pending_like=3.12"]) {
      const { context, calls } = stubApi(api(OK));
      const response = await thrownResponse(() => action(args(signIn(cookie), context)));
      expect(response.headers.get("Location"), cookie).toBe(
        cookie.includes("return_url") ? "/product/12" : "/member/profile",
      );
      expect(calls.map((call) => new URL(call.url).pathname)).toEqual(["/api/frontend/member/login"]);
    }
  });
});

describe("/login's loader: a signed-in member is not asked to sign in again", () => {
  const load = (path: string, cookie: string) =>
    new Request(`https://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const envAnd = (profile: StubReply) => (request: Request) =>
    new URL(request.url).pathname.endsWith("/env")
      ? { body: { code: API_CODE.ok, message: "成功", data: { oauth_providers: [] } } }
      : profile;

  it("a member loading the page (登入 without JavaScript) goes to the stored return address, spent", async () => {
    const { context, calls } = stubApi(envAnd(OK));
    const response = await thrownResponse(() =>
      loader(args(load("/login", `${MEMBER}; __Host-bookstore_return_url=%2Fproduct%2F12`), context)),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/product/12");
    expect(setCookies(response)).toMatch(/__Host-bookstore_return_url=; .*Max-Age=0/);
    expect(await described(calls)).toEqual(["GET /member/profile"]);
  });

  it("…or, with none stored, to their profile", async () => {
    const { context } = stubApi(envAnd(OK));
    const response = await thrownResponse(() => loader(args(load("/login", MEMBER), context)));
    expect(response.headers.get("Location")).toBe("/member/profile");
  });

  it("an ended session's token is forgotten, and the page loads again as a guest's", async () => {
    const { context } = stubApi(envAnd(ENDED));
    const response = await thrownResponse(() => loader(args(load("/login", MEMBER), context)));
    expect(response.headers.get("Location")).toBe("/login");
    expect(setCookies(response)).toMatch(/__Host-bookstore_token=; .*Max-Age=0/);
    expect(setCookies(response)).toMatch(/__Host-bookstore_session=; .*Max-Age=0/);
  });

  it("the form for a guest, for a member when the API cannot say, and on the app's own client navigation", async () => {
    const form = { providers: [], reason: null };
    const guest = stubApi(envAnd(OK));
    expect(await loader(args(load("/login", ""), guest.context))).toEqual(form);
    expect(await described(guest.calls)).toEqual(["GET /env"]);

    const unavailable = stubApi(envAnd({ status: 503, body: { code: API_CODE.serverError, message: "系統忙碌" } }));
    expect(await loader(args(load("/login", MEMBER), unavailable.context))).toEqual(form);
    expect(await described(unavailable.calls)).toEqual(["GET /member/profile", "GET /env"]);

    const clientNavigation = stubApi(envAnd(OK));
    expect(await loader(args(load("/login.data", MEMBER), clientNavigation.context))).toEqual(form);
    expect(await described(clientNavigation.calls)).toEqual(["GET /env"]);
  });

  it("says why the form is shown: back to the page after signing in, and a 收藏 added then", async () => {
    const back = "__Host-bookstore_return_url=%2Fproduct%2F12";
    const { context } = stubApi(envAnd(OK));
    expect(await loader(args(load("/login", back), context))).toMatchObject({
      reason: "請先登入會員，登入後將回到剛才的頁面。",
    });
    expect(await loader(args(load("/login", `${back}; __Host-bookstore_pending_like=0.12`), context))).toEqual({
      providers: [],
      reason: "請先登入會員，登入後會為您加入收藏。",
      likePending: true,
    });
  });
});

describe("/login's 登出 (intent=logout)", () => {
  const logout = () =>
    new Request("https://shop.test/login", {
      method: "POST",
      headers: { Cookie: MEMBER },
      body: new URLSearchParams({ intent: "logout" }),
    });

  it("ends the session at the API and leads to the form, which says the member has signed out", async () => {
    for (const reply of [OK, ENDED]) {
      // An already ended session signs out all the same.
      const { context, calls } = stubApi(() => reply);
      const response = await thrownResponse(() => action(args(logout(), context)));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/login?session=signed-out");
      expect(await described(calls)).toEqual(["GET /member/logout"]);
    }
    const { context } = stubApi(() => ({
      body: { code: API_CODE.ok, message: "成功", data: { oauth_providers: [] } },
    }));
    const page = await loader(args(new Request("https://shop.test/login?session=signed-out"), context));
    expect(page).toEqual({ providers: [], reason: "您已登出。" });
  });
});
