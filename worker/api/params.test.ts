import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PAGE_MAX } from "~/domain/paging";
import { pageNumber, wholeNumber } from "./params";

const PAGE_MESSAGE = `page 必須是 1 到 ${PAGE_MAX} 的整數`;

describe("pageNumber", () => {
  it("reads pages 1 to PAGE_MAX and defaults to the first", () => {
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.parse("1")).toBe(1);
    expect(pageNumber.parse(String(PAGE_MAX))).toBe(PAGE_MAX);
  });

  it("refuses anything else with one Chinese message", () => {
    for (const bad of ["0", String(PAGE_MAX + 1), "1.5", "abc", "-1"]) {
      const result = pageNumber.safeParse(bad);
      expect(result.error?.issues[0]?.message, bad).toBe(PAGE_MESSAGE);
    }
  });
});

describe("wholeNumber", () => {
  it("names the parameter and its range", () => {
    expect(wholeNumber("limit", 1, 10, 5).safeParse("11").error?.issues[0]?.message).toBe(
      "limit 必須是 1 到 10 的整數",
    );
    expect(wholeNumber("limit", 1, 10, 5).parse(undefined)).toBe(5);
  });
});

/** Every `page` query parameter the contract documents, wherever it is written. */
function pageParameters(node: unknown, found: { maximum?: unknown }[] = []): { maximum?: unknown }[] {
  if (Array.isArray(node)) for (const item of node) pageParameters(item, found);
  else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    if (record.name === "page" && record.in === "query") found.push(record.schema as { maximum?: unknown });
    for (const value of Object.values(record)) pageParameters(value, found);
  }
  return found;
}

describe("the contract", () => {
  it("documents the same page limit as PAGE_MAX", () => {
    const spec = parse(readFileSync(new URL("../../openapi/frontend.yaml", import.meta.url), "utf8"));
    const pages = pageParameters(spec);
    expect(pages.length).toBeGreaterThan(3);
    for (const schema of pages) expect(schema.maximum).toBe(PAGE_MAX);
  });
});
