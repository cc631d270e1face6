import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { stubApi } from "~/testing/stub-api";
import { submitted } from "./loader-data.server";
import { serverApi } from "./server-api.server";

/** A router context whose in-process API answers with the given envelope and Set-Cookie values. */
function contextAnswering(body: object, setCookies: string[], sent: Request[] = []) {
  return stubApi(() => ({ status: body && "data" in body ? 200 : 400, body, setCookies }), sent).context;
}

const page = new Request("https://shop.test/login", { method: "POST", headers: { Cookie: "bookstore_token=abc" } });

describe("serverApi", () => {
  it("calls the API on the page's origin with the page's cookie", async () => {
    const sent: Request[] = [];
    const api = serverApi(page, contextAnswering({ code: API_CODE.ok, data: {} }, [], sent));
    await api.GET("/env");
    expect(sent[0]?.url).toBe("https://shop.test/api/frontend/env");
    expect(sent[0]?.headers.get("Cookie")).toBe("bookstore_token=abc");
  });

  it("collects the Set-Cookie values of a success", async () => {
    const cookies = new Headers();
    const context = contextAnswering({ code: API_CODE.ok, data: {} }, ["a=1; Path=/", "b=2; Path=/"]);
    await serverApi(page, context, { setCookies: cookies }).GET("/env");
    expect(cookies.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("collects the Set-Cookie values of an error reply too", async () => {
    const cookies = new Headers();
    const context = contextAnswering({ code: API_CODE.unauthenticated, message: "請先登入會員" }, ["t=; Max-Age=0"]);
    const outcome = await submitted(serverApi(page, context, { setCookies: cookies }).GET("/env"));
    expect(outcome).toMatchObject({ ok: false, code: API_CODE.unauthenticated });
    expect(cookies.getSetCookie()).toEqual(["t=; Max-Age=0"]);
  });
});
