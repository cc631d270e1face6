import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ONLY_PAGE_FIELDS, withoutServerOnlyPageFields } from "./page-registry-client";

describe("withoutServerOnlyPageFields", () => {
  it("drops the route module, layout, sitemap flag and id rule of each entry, keeping everything else", () => {
    const code = [
      'const EDITORIAL = "routes/editorial-page.tsx";',
      "export const PAGES = {",
      '  a: { path: "/a", file: EDITORIAL, layout: "default", title: "甲", sitemap: true },',
      '  "b-id": { path: "/b/:id", title: "乙", numericId: "id", file: "routes/b.tsx", layout: "member" },',
      '  c: { path: "/c", file: "routes/c.tsx", layout: "guest", title: "丙", nav: { menus: ["header"], label: "C" }, slug: "c" },',
      "} as const satisfies Record<string, unknown>;",
      "export const OTHER = { file: 1, layout: 2 };",
    ].join("\n");
    const out = withoutServerOnlyPageFields(code) ?? "";
    expect(out).toContain('a: { path: "/a", title: "甲" }');
    expect(out).toContain('"b-id": { path: "/b/:id", title: "乙" }');
    expect(out).toContain('c: { path: "/c", title: "丙", nav: { menus: ["header"], label: "C" }, slug: "c" }');
    expect(out).toContain("export const OTHER = { file: 1, layout: 2 };");
  });

  it("is null for a module without the PAGES literal", () => {
    expect(withoutServerOnlyPageFields("export const X = 1;")).toBeNull();
  });

  it("leaves no server-only field in the real registry", () => {
    const source = readFileSync(new URL("../app/pages.ts", import.meta.url), "utf8");
    const out = withoutServerOnlyPageFields(source) ?? "";
    const registry = out.slice(out.indexOf("export const PAGES"), out.indexOf("} as const satisfies"));
    expect(registry).toContain('title: "會員登入"');
    for (const field of SERVER_ONLY_PAGE_FIELDS) expect(registry).not.toMatch(new RegExp(`\\b${field}:`));
  });
});
