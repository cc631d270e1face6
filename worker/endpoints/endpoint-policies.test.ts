// The one policy table against the contract: one entry per operation, its route as the contract writes it, caching
// only for reads, a body limit for every operation with a body; and the lookup of a request's operation.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { endpointOf } from "./endpoint-of-request";
import { ENDPOINT_POLICIES, type EndpointPolicy } from "./endpoint-policies";

interface Operation {
  operationId?: string;
  requestBody?: unknown;
}

const spec = parse(readFileSync(new URL("../../openapi/frontend.yaml", import.meta.url), "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
};

const contractOperations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof operation === "object" && operation?.operationId)
    .map(([method, operation]) => ({
      operationId: operation.operationId as string,
      route: `${method.toUpperCase()} ${path}`,
      hasBody: operation.requestBody !== undefined,
    })),
);

const policies: Record<string, EndpointPolicy> = ENDPOINT_POLICIES;

describe("ENDPOINT_POLICIES", () => {
  it("has one entry per operation of the contract, with the contract's method and path", () => {
    expect(Object.fromEntries(Object.entries(policies).map(([id, policy]) => [id, policy.route]))).toEqual(
      Object.fromEntries(contractOperations.map((operation) => [operation.operationId, operation.route])),
    );
  });

  it("caches reads only, and keeps query parameters only for what it caches", () => {
    for (const [id, policy] of Object.entries(policies)) {
      if (policy.cache !== "none") expect(policy.route, id).toMatch(/^GET /);
      if (policy.query) expect(policy.cache, id).not.toBe("none");
      // Nothing personal is cached: no member or cart operation has a policy other than none.
      if (/ \/(member|cart|order-search|payment)\b/.test(policy.route)) expect(policy.cache, id).toBe("none");
    }
  });

  it("limits the body of every operation that takes one", () => {
    for (const operation of contractOperations) {
      if (operation.hasBody)
        expect(policies[operation.operationId]?.bodyLimitBytes, operation.operationId).toBeGreaterThan(0);
    }
  });

  it("starts a session only on a POST, and ends it only on the logout", () => {
    for (const [id, policy] of Object.entries(policies)) {
      if (policy.session === "starts") expect(policy.route, id).toMatch(/^POST \/member\//);
    }
    expect(
      Object.entries(policies)
        .filter(([, p]) => p.session === "ends")
        .map(([id]) => id),
    ).toEqual(["logoutMember"]);
  });
});

describe("endpointOf", () => {
  const id = (method: string, path: string) => endpointOf(method, `/api/frontend${path}`)?.operationId ?? null;

  it("finds the operation of a method and path, HEAD as GET", () => {
    expect(id("GET", "/products/12")).toBe("getProduct");
    expect(id("HEAD", "/products/12/related")).toBe("getRelatedProducts");
    expect(id("GET", "/articles/categories")).toBe("listArticleCategories");
    expect(id("GET", "/articles/7")).toBe("getArticle");
    expect(id("POST", "/member/orders/BK20250312-000001-7KQ3ZP/cancel")).toBe("cancelMemberOrder");
    expect(id("DELETE", "/member/identities/google")).toBe("unlinkMemberIdentity");
    expect(id("POST", "/member/identities/link")).toBe("linkMemberIdentity");
    expect(id("GET", "/sitemap/products")).toBe("getSitemapChunk");
    expect(id("GET", "/pages/privacy-policy")).toBe("getPage");
  });

  it("finds none for another method, a malformed id, another prefix or an unknown path", () => {
    expect(id("POST", "/products/12")).toBeNull();
    expect(id("GET", "/member/login")).toBeNull();
    expect(id("GET", "/products/abc")).toBeNull();
    expect(id("GET", "/products/12/")).toBeNull();
    expect(id("GET", "/pages/Privacy")).toBeNull();
    expect(id("GET", "/nothing")).toBeNull();
    expect(endpointOf("GET", "/api/frontendx/products")).toBeNull();
    expect(endpointOf("GET", "/products")).toBeNull();
  });
});
