import { describe, expect, it } from "vitest";
import { allowedMethods } from "./method-not-allowed";

const routes = [
  { method: "ALL", path: "/api/frontend/*" },
  { method: "GET", path: "/api/frontend/products/:id" },
  { method: "POST", path: "/api/frontend/member/login" },
  { method: "GET", path: "/api/frontend/cart/cache" },
  { method: "POST", path: "/api/frontend/cart/cache" },
];

describe("allowedMethods", () => {
  it("lists the methods of a known path", () => {
    expect(allowedMethods(routes, "/api/frontend/products/12")).toEqual(["GET", "HEAD"]);
    expect(allowedMethods(routes, "/api/frontend/member/login")).toEqual(["POST"]);
    expect(allowedMethods(routes, "/api/frontend/cart/cache")).toEqual(["GET", "HEAD", "POST"]);
    // The logout's GET ends the session: HEAD is not offered there (the route refuses it).
    expect(
      allowedMethods(
        [...routes, { method: "GET", path: "/api/frontend/member/logout" }],
        "/api/frontend/member/logout",
      ),
    ).toEqual(["GET"]);
  });
  it("knows nothing of unknown paths", () => {
    expect(allowedMethods(routes, "/api/frontend/nothing")).toEqual([]);
    expect(allowedMethods(routes, "/api/frontend/products/12/x")).toEqual([]);
    // The router does not take a trailing slash, so neither does this: a 404, not a 405 that allows GET.
    expect(allowedMethods(routes, "/api/frontend/products/12/")).toEqual([]);
  });
});
