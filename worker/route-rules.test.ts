import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { routeRules } from "./route-rules";
import type { WorkerEnv } from "./types";

const app = new Hono<WorkerEnv>().use(routeRules).all("*", (c) => c.json({ routeRedirect: c.get("routeRedirect") }));

describe("route rules", () => {
  it("redirects a document request with a non-numeric id home before rendering", async () => {
    const res = await app.request("/product/abc");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("moves an id with leading zeros to its one address for good, keeping the query", async () => {
    const res = await app.request("/product/012?tab=toc");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/product/12?tab=toc");
    expect(await (await app.request("/product/012.data")).json()).toEqual({ routeRedirect: "/product/12" });
  });

  it("marks a data request with a non-numeric id for React Router to redirect", async () => {
    const res = await app.request("/publisher/x.data?_routes=root");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ routeRedirect: "/" });
  });

  it("lets numeric ids and static siblings through", async () => {
    for (const path of ["/product/12", "/product/new-books", "/news/list", "/product/12.data"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ routeRedirect: null });
    }
  });
});
