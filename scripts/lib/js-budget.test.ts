import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { firstLoadFiles, measureFirstLoadJs, pageRouteIds, routePath, staticImportsOf } from "./first-load-js.mjs";
import { overBudget, parseBudget } from "./js-budget.mjs";

// A route manifest as React Router writes it: root → layout → two pages, a resource route, split client modules.
const manifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { id: "root", path: "", hasDefaultExport: true, module: "/assets/root.js", imports: ["/assets/react.js"] },
    layout: { id: "layout", parentId: "root", hasDefaultExport: true, module: "/assets/layout.js", imports: [] },
    home: { id: "home", parentId: "layout", index: true, hasDefaultExport: true, module: "/assets/home.js" },
    cart: {
      id: "cart",
      parentId: "layout",
      path: "cart",
      hasDefaultExport: true,
      module: "/assets/cart.js",
      clientLoaderModule: "/assets/cart-loader.js",
      imports: ["/assets/big.js"],
    },
    robots: { id: "robots", parentId: "root", path: "robots.txt", hasDefaultExport: false, module: "/assets/r.js" },
  },
};

describe("first-load JS from the route manifest", () => {
  it("lists the page routes, not layouts or resource routes", () => {
    expect(pageRouteIds(manifest).sort()).toEqual(["cart", "home"]);
    expect(routePath(manifest, "cart")).toBe("/cart");
  });

  it("takes the entry, every route of the match with its split modules and imports, and their static imports", () => {
    const imports: Record<string, string[]> = { "/assets/big.js": ["/assets/shared.js"] };
    expect(firstLoadFiles(manifest, "cart", (href) => imports[href] ?? [])).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/layout.js",
      "/assets/cart.js",
      "/assets/cart-loader.js",
      "/assets/big.js",
      "/assets/shared.js",
    ]);
    expect(firstLoadFiles(manifest, "home")).not.toContain("/assets/big.js");
  });

  it("follows static imports of a built chunk, never dynamic ones", () => {
    const code = `import{a as b}from"./react-x1.js";import"./side.js";const c=()=>import("./lazy.js");`;
    expect(staticImportsOf("/assets/page.js", code)).toEqual(["/assets/react-x1.js", "/assets/side.js"]);
  });

  it("measures a build directory: gzip -9 of each file, summed per route", () => {
    const dir = mkdtempSync(join(tmpdir(), "first-load-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets/manifest-abc123.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    const body = (n: number) => `export const x=${JSON.stringify("x".repeat(n))};`;
    for (const name of ["entry", "react", "root", "layout", "home", "cart", "cart-loader", "r", "shared"]) {
      writeFileSync(join(dir, `assets/${name}.js`), body(10));
    }
    writeFileSync(join(dir, "assets/big.js"), `import"./shared.js";${body(1000)}`);
    const figures = measureFirstLoadJs(dir);
    const gz = (name: string) => gzipSync(readAsset(dir, name), { level: 9 }).length;
    const homeFiles = ["entry", "react", "root", "layout", "home"];
    expect(figures.find((f) => f.id === "home")?.gzip).toBe(homeFiles.reduce((s, n) => s + gz(n), 0));
    expect(figures[0]?.id, "largest first").toBe("cart");
    expect(figures[0]?.files).toBe(8);
  });
});

function readAsset(dir: string, name: string) {
  return readFileSync(join(dir, `assets/${name}.js`));
}

describe("the budget", () => {
  const figures = [
    { id: "cart", path: "/cart", gzip: 130 * 1024 },
    { id: "home", path: "/", gzip: 120 * 1024 },
  ];

  it("names every route over the limit with its figure", () => {
    expect(overBudget(figures, { firstLoadKiB: 125 })).toEqual([
      { id: "cart", path: "/cart", kib: 130, limitKiB: 125 },
    ]);
    expect(overBudget(figures, { firstLoadKiB: 50 }).map((r) => r.id)).toEqual(["cart", "home"]);
    expect(overBudget(figures, { firstLoadKiB: 130 })).toEqual([]);
  });

  it("holds a route to its own lower limit", () => {
    expect(overBudget(figures, { firstLoadKiB: 130, routes: { home: 110 } }).map((r) => r.id)).toEqual(["home"]);
  });

  it("refuses a route limit above the common one, a bad limit and an unknown route", () => {
    expect(() => parseBudget({ firstLoadKiB: 125, routes: { home: 126 } })).toThrow(/may not have more/);
    expect(() => parseBudget({ firstLoadKiB: "125" })).toThrow(/positive number/);
    expect(() => overBudget(figures, { firstLoadKiB: 125, routes: { nowhere: 100 } })).toThrow(/no such route/);
  });
});
