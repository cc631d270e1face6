import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { numericIdRedirect } from "./domain/route-rules";
import { PAGE_EDGE_CACHE } from "./page-edge-cache";
import {
  EDITORIAL_MENUS,
  editorialPageAt,
  isPageId,
  PAGES,
  type PageEntry,
  type PageId,
  pageAt,
  RESOURCE_ROUTES,
  STATIC_SITEMAP_PATHS,
  staticChildren,
} from "./pages";
import routes from "./routes";

const appDir = fileURLToPath(new URL(".", import.meta.url));

interface FlatRoute {
  id: string;
  path: string;
  file: string;
  /** The layout files around the route, outermost first. */
  layouts: string[];
}

/** Every route of the route config with its full path and the layouts it sits in. */
function flatten(entries: RouteConfigEntry[], layouts: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    if (!entry.path && !entry.index && entry.children) return flatten(entry.children, [...layouts, entry.file]);
    const path = entry.index ? "/" : `/${entry.path}`;
    return [{ id: entry.id ?? "", path, file: entry.file, layouts }];
  });
}

const flat = flatten(routes as RouteConfigEntry[]);
const pages = Object.entries(PAGES) as [PageId, PageEntry][];

const LAYOUT_FILES: Record<PageEntry["layout"], string[]> = {
  default: ["layouts/default.tsx"],
  member: ["layouts/default.tsx", "layouts/member.tsx"],
  guest: ["layouts/guest.tsx"],
  none: [],
};

describe("the page registry", () => {
  it("gives every page a route with its path, module and layouts", () => {
    for (const [id, page] of pages) {
      const found = flat.find((r) => r.id === id);
      expect(found, id).toBeDefined();
      expect(found?.path, id).toBe(page.path);
      expect(found?.file, id).toBe(page.file);
      expect(found?.layouts, id).toEqual(LAYOUT_FILES[page.layout]);
    }
  });

  it("has every route of the route config: a page or a resource route, each once", () => {
    const known = new Set<string>([...Object.keys(PAGES), ...RESOURCE_ROUTES.map((r) => r.id)]);
    expect(flat.map((r) => r.id).filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(flat.map((r) => r.id)).size).toBe(flat.length);
    expect(new Set(flat.map((r) => r.path)).size).toBe(flat.length);
  });

  it("names route modules that exist", () => {
    for (const route of flat) expect(existsSync(`${appDir}${route.file}`), route.file).toBe(true);
  });

  it("covers the routes of SPEC §2", () => {
    const spec = [
      "/",
      "/about/cultural",
      "/about/history",
      "/about/milestone",
      "/activity/:id",
      "/activity/list",
      "/activity/welcome",
      "/article/:id",
      "/article/list",
      "/article/welcome",
      "/author/:id",
      "/cart",
      "/instructions/customer-service",
      "/instructions/ebook",
      "/instructions/faq",
      "/instructions/group-buying",
      "/login",
      "/member/bookcase",
      "/member/favorites",
      "/member/orders",
      "/member/profile",
      "/member/recipients",
      "/member/security",
      "/member/subscriptions",
      "/news/:id",
      "/news/list",
      "/oauth/login",
      "/oauth/register",
      "/order-complete",
      "/order-search",
      "/privacy",
      "/security",
      "/terms-of-service",
      "/product/:id",
      "/product/ebooks",
      "/product/new-books",
      "/product/picks",
      "/product/type",
      "/product/type/:id",
      "/publisher/:id",
      "/recovery",
      "/register",
      "/search",
      "/*",
    ];
    expect(pages.map(([, page]) => page.path).sort()).toEqual(spec.sort());
  });

  it("marks exactly the pages with a path parameter as numeric-id pages, and the rule follows", () => {
    for (const [id, page] of pages) {
      expect(Boolean(page.numericId), id).toBe(page.path.includes("/:"));
      if (!page.numericId) continue;
      expect(numericIdRedirect(page.path.replace(":id", "12")), id).toBeNull();
      expect(numericIdRedirect(page.path.replace(":id", "x12")), id).toBe("/");
    }
    // A fixed page beside an id route is never taken for an id.
    expect(staticChildren("product").sort()).toEqual(["ebooks", "new-books", "picks", "type"]);
    expect(staticChildren("activity").sort()).toEqual(["list", "welcome"]);
  });

  it("lists only public pages without parameters in the sitemap", () => {
    expect(STATIC_SITEMAP_PATHS).toContain("/");
    for (const path of STATIC_SITEMAP_PATHS) {
      expect(path, path).not.toMatch(/[:*]/);
      const [, page] = pages.find(([, p]) => p.path === path) ?? [];
      expect(page?.layout, path).toBe("default");
    }
    expect(STATIC_SITEMAP_PATHS).not.toContain("/cart");
    expect(STATIC_SITEMAP_PATHS).not.toContain("/search");
  });

  it("uses each editorial slug of the contract exactly once", () => {
    const contract = parse(readFileSync(`${appDir}../openapi/frontend.yaml`, "utf8"));
    const slugParam = contract.paths["/pages/{slug}"].get.parameters.find((p: { name: string }) => p.name === "slug");
    const slugs = pages.flatMap(([, page]) => (page.slug ? [page.slug] : []));
    expect([...slugs].sort()).toEqual([...slugParam.schema.enum].sort());
  });

  it("puts every editorial page of a navigation group in that group, and finds it by path", () => {
    for (const [id, page] of pages) {
      const menu = EDITORIAL_MENUS.find((m) => page.nav?.menus.includes(m));
      if (!menu) continue;
      expect(page.slug, id).toBeDefined();
      expect(editorialPageAt(page.path), id).toEqual({ id, slug: page.slug, menu });
      expect(editorialPageAt(`${page.path}/`)?.id, id).toBe(id);
    }
    expect(editorialPageAt("/privacy/x")).toBeUndefined();
  });

  it("tells page ids from other route ids", () => {
    expect(isPageId("product-id")).toBe(true);
    expect(isPageId("robots")).toBe(false);
    expect(isPageId(undefined)).toBe(false);
    expect(isPageId("toString")).toBe(false);
  });
});

describe("the pages a path shows", () => {
  it("finds each page by its own path, fixed paths before parameters, with or without a trailing slash", () => {
    for (const [id, page] of pages) {
      if (page.path === "/*") continue;
      expect(pageAt(page.path.replace(":id", "12")), page.path).toBe(id);
      if (page.path !== "/") expect(pageAt(`${page.path.replace(":id", "12")}/`), page.path).toBe(id);
    }
    expect(pageAt("/product/new-books")).toBe("product-new-books");
    expect(pageAt("/product/type")).toBe("product-type");
    expect(pageAt("/product/type/3")).toBe("product-type-id");
    expect(pageAt("/no/such/page")).toBe("catch-all");
    expect(pageAt("/product/1/extra")).toBe("catch-all");
  });
});

describe("guest copies at the edge", () => {
  const cached = pages.filter(([id]) => PAGE_EDGE_CACHE[id]).map(([id]) => id);

  it("are kept only for public pages of the default layout", () => {
    for (const [id, page] of pages) {
      if (page.layout !== "default") expect(PAGE_EDGE_CACHE[id], id).toBeUndefined();
    }
    for (const id of ["cart", "order-complete", "order-search", "catch-all"] as const) {
      expect(cached, id).not.toContain(id);
    }
    for (const id of ["index", "product-id", "product-new-books", "search", "news-list", "privacy"] as const) {
      expect(cached, id).toContain(id);
    }
  });

  it("are keyed by the query parameters each page's loaders read", () => {
    const query = (id: PageId) => [...(PAGE_EDGE_CACHE[id]?.query ?? [])].sort();
    expect(query("search")).toEqual(["page", "q", "sort"]);
    expect(query("product-new-books")).toEqual(["format", "page", "per_page", "sort"]);
    expect(query("product-type-id")).toEqual(["format", "page", "per_page", "sort"]);
    expect(query("author-id")).toEqual(["page", "per_page", "sort"]);
    expect(query("news-list")).toEqual(["page", "type"]);
    expect(query("activity-list")).toEqual(["page", "when"]);
    expect(query("article-list")).toEqual(["category", "page"]);
    expect(query("product-id")).toEqual([]);
    expect(query("index")).toEqual([]);
  });

  it("name only parameters that their route module reads", () => {
    for (const [id, page] of pages) {
      const source = readFileSync(`${appDir}${page.file}`, "utf8");
      // Listings read theirs through the shared query parsers.
      const helpers = ["lib/product-list-query.ts", "lib/list-query.ts", "lib/maker-loader.server.ts"]
        .map((file) => readFileSync(`${appDir}${file}`, "utf8"))
        .join("\n");
      for (const name of PAGE_EDGE_CACHE[id]?.query ?? []) {
        expect(`${source}\n${helpers}`, `${id} reads ${name}`).toContain(`"${name}"`);
      }
    }
  });
});
