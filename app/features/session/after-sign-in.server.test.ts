// The end of a sign-in with a guest's kept 收藏: added only for the session that sign-in started, with its new token,
// then back to the stored return address; never for a session the browser had before.
import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { stubApi } from "~/testing/stub-api";
import { signedInRedirect } from "./after-sign-in.server";

const KEPT = "__Host-bookstore_pending_like=0.12; __Host-bookstore_return_url=%2Fproduct%2F12";

const signIn = (cookie: string) =>
  new Request("https://shop.test/login", { method: "POST", headers: { Cookie: cookie } });

describe("signedInRedirect", () => {
  it("adds the kept like with the token the sign-in set, forgets it, and goes back to the return address", async () => {
    const { context, calls } = stubApi(() => ({ body: { code: API_CODE.ok, message: "成功" } }));
    const cookies = new Headers({ "Set-Cookie": "__Host-bookstore_token=new-token; Path=/; HttpOnly; Secure" });
    const response = await signedInRedirect(signIn(`${KEPT}; __Host-bookstore_token=old-token`), context, cookies);
    expect(response.headers.get("Location")).toBe("/product/12");
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]?.url ?? "").pathname).toMatch(/\/member\/favorites$/);
    expect(await calls[0]?.json()).toEqual({ type: 0, id: 12, status: 1 });
    // The new session's token, never the one the browser had.
    const sent = calls[0]?.headers.get("Cookie") ?? calls[0]?.headers.get("Authorization") ?? "";
    expect(sent).toContain("new-token");
    expect(sent).not.toContain("old-token");
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__Host-bookstore_pending_like=;"))).toBe(
      true,
    );
  });

  it("adds nothing when the sign-in set no token (the browser's earlier session is not the one signing in)", async () => {
    const { context, calls } = stubApi(() => ({ body: { code: API_CODE.ok, message: "成功" } }));
    const response = await signedInRedirect(
      signIn(`${KEPT}; __Host-bookstore_token=old-token`),
      context,
      new Headers(),
    );
    expect(calls).toEqual([]);
    expect(response.headers.get("Location")).toBe("/product/12");
    expect(response.headers.getSetCookie().some((value) => value.startsWith("__Host-bookstore_pending_like=;"))).toBe(
      true,
    );
  });
});
