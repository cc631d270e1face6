import { describe, expect, it } from "vitest";
import { CACHE_POLICIES, cacheControlFor, policyForApiRequest } from "./policies";

describe("cache policies", () => {
  it("caches public catalogue GETs under named policies", () => {
    expect(policyForApiRequest("GET", "/api/frontend/env")).toBe(CACHE_POLICIES.long);
    expect(policyForApiRequest("GET", "/api/frontend/products/12")).toBe(CACHE_POLICIES.short);
    expect(policyForApiRequest("GET", "/api/frontend/products/12/related")).toBe(CACHE_POLICIES.short);
    expect(policyForApiRequest("GET", "/api/frontend/products")).toBe(CACHE_POLICIES.short);
    expect(policyForApiRequest("GET", "/api/frontend/product-types")).toBe(CACHE_POLICIES.long);
  });

  it("caches a HEAD as its GET, so HEAD is no way around the cache", () => {
    for (const path of ["/api/frontend/env", "/api/frontend/search", "/api/frontend/products/12"]) {
      expect(policyForApiRequest("HEAD", path), path).toBe(policyForApiRequest("GET", path));
    }
    expect(policyForApiRequest("HEAD", "/api/frontend/member/profile").name).toBe("none");
  });

  it("never caches member, cart or checkout calls, writes, or unknown paths", () => {
    for (const path of [
      "/api/frontend/member/profile",
      "/api/frontend/member/likes",
      "/api/frontend/cart/cache",
      "/api/frontend/cart/summary",
      "/api/frontend/cart/checkout",
      "/api/frontend/some/new/endpoint",
      "/api/frontend/products/abc",
    ]) {
      expect(policyForApiRequest("GET", path).name, path).toBe("none");
    }
    expect(policyForApiRequest("POST", "/api/frontend/products/12").name).toBe("none");
    // The order search carries an e-mail address in its body: never stored, asked how it may.
    for (const method of ["POST", "GET", "HEAD"]) {
      expect(policyForApiRequest(method, "/api/frontend/order-search").name, method).toBe("none");
    }
  });

  it("tells browsers what they may keep", () => {
    expect(cacheControlFor(CACHE_POLICIES.none)).toBe("private, no-store");
    expect(cacheControlFor(CACHE_POLICIES.short)).toBe(
      "public, max-age=60, stale-while-revalidate=600, stale-if-error=86400",
    );
  });
});
