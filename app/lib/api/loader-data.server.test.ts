import { describe, expect, it, vi } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { createApiClient } from "./client";
import { available, critical, deferred, isMissing, notFound, submitted, unavailable } from "./loader-data.server";

/** A client whose every call is answered with the given envelope and HTTP status. */
function answering(body: object, status = 200) {
  return createApiClient({
    baseUrl: "https://shop.test/api/frontend",
    fetch: async () => new Response(JSON.stringify(body), { status }),
  });
}

const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("notFound and unavailable", () => {
  it("notFound is the page's 404: bare for the error page, or with the page's own body", () => {
    expect(notFound()).toMatchObject({ type: "DataWithResponseInit", data: null, init: { status: 404 } });
    expect(notFound({ view: "missing" })).toMatchObject({ data: { view: "missing" }, init: { status: 404 } });
  });

  it("unavailable is the page's 503 (the worker adds Retry-After), or the failed reply's status with a body", () => {
    expect(unavailable()).toMatchObject({ type: "DataWithResponseInit", data: null, init: { status: 503 } });
    expect(unavailable({ view: "unavailable" }, 500)).toMatchObject({
      data: { view: "unavailable" },
      init: { status: 500 },
    });
  });

  it.each([
    [API_CODE.notFound, true],
    [API_CODE.invalidInput, true],
    [API_CODE.serverError, false],
    [API_CODE.unauthenticated, false],
  ])("isMissing(code %i) is %s", (code, missing) => {
    expect(isMissing({ code })).toBe(missing);
  });
});

describe("critical", () => {
  it("returns the data of a success", async () => {
    await expect(critical(answering({ code: API_CODE.ok, data: [1, 2] }).GET("/env"))).resolves.toEqual([1, 2]);
  });

  it.each([API_CODE.notFound, API_CODE.invalidInput])("makes code %i the page's 404", async (code) => {
    const error = await thrown(critical(answering({ code, message: "找不到" }, 404).GET("/env")));
    // React Router's data(null, { status: 404 }), which the route's error boundary renders as the 404 page.
    expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
  });

  it.each([502, 503, 504])("makes code 5 with HTTP %i (the API origin unavailable) the page's 503", async (status) => {
    const error = await thrown(
      critical(answering({ code: API_CODE.serverError, message: "暫時" }, status).GET("/env")),
    );
    expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
  });

  it("makes a reply that is not an envelope, from a failing gateway, the page's 503", async () => {
    const client = createApiClient({
      baseUrl: "https://shop.test/api/frontend",
      fetch: async () => new Response("<h1>Bad Gateway</h1>", { status: 502 }),
    });
    expect(await thrown(critical(client.GET("/env")))).toMatchObject({ init: { status: 503 } });
  });

  it("makes code 7 (a call past its rate limit, e.g. search) the page's 429", async () => {
    const error = await thrown(
      critical(answering({ code: API_CODE.tooManyAttempts, message: "操作太頻繁，請 1 分鐘後再試" }, 429).GET("/env")),
    );
    expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 429 } });
  });

  it("lets any other failure through as it is", async () => {
    const error = await thrown(critical(answering({ code: API_CODE.serverError, message: "壞了" }, 500).GET("/env")));
    expect(error).toMatchObject({ code: API_CODE.serverError, message: "壞了" });
  });
});

const CATEGORY = { name: "禪修", article_count: 3 };

describe("deferred", () => {
  it("resolves to the data of a success", async () => {
    const reply = answering({ code: API_CODE.ok, data: [CATEGORY] }).GET("/articles/categories");
    await expect(deferred(reply, [], "x")).resolves.toEqual([CATEGORY]);
  });

  it("resolves to the fallback on a failure and logs it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reply = answering({ code: API_CODE.serverError, message: "壞了" }, 500).GET("/articles/categories");
    await expect(deferred(reply, [CATEGORY], "x")).resolves.toEqual([CATEGORY]);
    expect(JSON.parse(warn.mock.calls[0]?.[0] as string)).toMatchObject({
      message: "x unavailable",
      code: API_CODE.serverError,
    });
    warn.mockRestore();
  });
});

describe("available", () => {
  it("resolves to the data of a success", async () => {
    await expect(available(answering({ code: API_CODE.ok, data: [1] }).GET("/env"), "x")).resolves.toEqual([1]);
  });

  it("resolves to null on a failure instead of failing the page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reply = answering({ code: API_CODE.serverError, message: "壞了" }, 500).GET("/env");
    await expect(available(reply, "x")).resolves.toBeNull();
    expect(JSON.parse(warn.mock.calls[0]?.[0] as string)).toMatchObject({
      message: "x unavailable",
      code: API_CODE.serverError,
    });
    warn.mockRestore();
  });

  it("resolves to null without a warning when the session is missing (the member layout asks to sign in)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reply = answering({ code: API_CODE.unauthenticated, message: "請先登入會員" }, 401).GET("/env");
    await expect(available(reply, "x")).resolves.toBeNull();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("submitted", () => {
  it("carries the data of a success", async () => {
    await expect(submitted(answering({ code: API_CODE.ok, data: { a: 1 } }).GET("/env"))).resolves.toEqual({
      ok: true,
      data: { a: 1 },
    });
  });

  it("turns an error reply into the form's message with at least a 4xx status", async () => {
    const reply = answering({ code: API_CODE.invalidInput, message: "電子郵件或密碼錯誤" }, 200).GET("/env");
    await expect(submitted(reply)).resolves.toEqual({
      ok: false,
      code: API_CODE.invalidInput,
      message: "電子郵件或密碼錯誤",
      status: 400,
    });
  });

  it("keeps the reply's own error status", async () => {
    const reply = answering({ code: API_CODE.tooManyAttempts, message: "請稍後再試" }, 429).GET("/env");
    await expect(submitted(reply)).resolves.toMatchObject({ ok: false, status: 429 });
  });
});
