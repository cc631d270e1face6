// /recovery's two steps without a browser: the e-mail goes from step 1 to step 2 in a short-lived HttpOnly cookie,
// never in the page's address.
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { stubApi } from "~/testing/stub-api";
import { thrownResponse } from "~/testing/thrown-response";
import { action, headers, loader } from "./recovery";

const EMAIL = "reader@example.com";

const args = (request: Request, context: RouterContextProvider) =>
  ({ request, context, params: {}, url: new URL(request.url) }) as never;

const post = (form: Record<string, string>, cookie = "") =>
  new Request("https://shop.test/recovery", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(form),
  });

describe("/recovery", () => {
  it("step 1 keeps the e-mail in an HttpOnly cookie and goes to step 2 at an address without it", async () => {
    const { context, calls } = stubApi(() => ({ body: { code: API_CODE.ok, message: "已寄出" } }));
    const response = await thrownResponse(() =>
      action(args(post({ intent: "send-code", email: ` ${EMAIL} ` }), context)),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/recovery?step=code");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Host-bookstore_recovery_email=reader%40example\.com; Path=\/; Max-Age=900; HttpOnly;/);
    expect(cookie).toContain("Secure");
    expect(await calls[0]?.json()).toEqual({ email: EMAIL });
  });

  it("step 1 refused (too many tries) sets no cookie and keeps the reader on step 1", async () => {
    const { context } = stubApi(() => ({
      status: 429,
      body: { code: API_CODE.tooManyAttempts, message: "操作太頻繁" },
    }));
    const reply = (await action(args(post({ intent: "send-code", email: EMAIL }), context))) as unknown as {
      data: { step: string };
      init: { headers?: unknown };
    };
    expect(reply.data.step).toBe("email");
    expect(reply.init?.headers).toBeUndefined();
  });

  it("step 2 reads the e-mail from the cookie; without it the reader is on step 1", () => {
    const withCookie = new Request("https://shop.test/recovery?step=code", {
      headers: { Cookie: `__Host-bookstore_recovery_email=${encodeURIComponent(EMAIL)}` },
    });
    const { context } = stubApi(() => ({ body: {} }));
    expect(loader(args(withCookie, context))).toEqual({ email: EMAIL, likePending: false });
    expect(loader(args(new Request("https://shop.test/recovery?step=code"), context))).toEqual({
      email: null,
      likePending: false,
    });
    const malformed = new Request("https://shop.test/recovery?step=code", {
      headers: { Cookie: "__Host-bookstore_recovery_email=nobody" },
    });
    expect(loader(args(malformed, context))).toEqual({ email: null, likePending: false });
  });

  it("a guest's kept 收藏 is said on both steps; 不要加入收藏 forgets it and stays on the step", async () => {
    const kept = new Request("https://shop.test/recovery?step=code", {
      headers: { Cookie: "__Host-bookstore_pending_like=0.12" },
    });
    const { context } = stubApi(() => ({ body: {} }));
    expect(loader(args(kept, context))).toEqual({ email: null, likePending: true });
    const forget = new Request("https://shop.test/recovery?step=code", {
      method: "POST",
      headers: { Cookie: "__Host-bookstore_pending_like=0.12" },
      body: new URLSearchParams({ intent: "forget-like" }),
    });
    const response = await thrownResponse(() => action(args(forget, context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/recovery?step=code");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__Host-bookstore_pending_like=;.*Max-Age=0/);
  });

  it("an address of the earlier release, with the e-mail in it, goes to the clean address", async () => {
    const { context } = stubApi(() => ({ body: {} }));
    const old = new Request(`https://shop.test/recovery?step=code&email=${encodeURIComponent(EMAIL)}`);
    const response = await thrownResponse(() => loader(args(old, context)));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/recovery");
  });

  it("a reset signs the member in and clears the cookie", async () => {
    const { context, calls } = stubApi(() => ({
      body: { code: API_CODE.ok, message: "成功", data: {} },
      setCookies: ["__Host-bookstore_token=t; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure"],
    }));
    const response = await thrownResponse(() =>
      action(
        args(
          post({ intent: "reset", email: EMAIL, code: "1234567890", password: "Lotus2027", confirmation: "Lotus2027" }),
          context,
        ),
      ),
    );
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContainEqual(expect.stringMatching(/^__Host-bookstore_recovery_email=; Path=\/; Max-Age=0;/));
    expect(cookies).toContainEqual(expect.stringMatching(/^__Host-bookstore_token=t;/));
    expect(await calls[0]?.json()).toEqual({ email: EMAIL, code: "1234567890", new_password: "Lotus2027" });
  });

  it("is never cached", () => {
    expect(headers({} as never)).toEqual({ "Cache-Control": "private, no-store" });
  });
});
