import { describe, expect, it } from "vitest";
import { catalogueSql } from "./catalogue.mjs";
import { isValidIsbn13 } from "./isbn.mjs";

const products = (sql: string[]) => sql.filter((s) => s.startsWith("INSERT INTO products "));

describe("seed catalogue", () => {
  it("is deterministic for a seed and differs for another", () => {
    expect(catalogueSql({ productCount: 80 })).toEqual(catalogueSql({ productCount: 80 }));
    expect(catalogueSql({ productCount: 80, seed: 1 })).not.toEqual(catalogueSql({ productCount: 80 }));
  });

  it("writes the requested number of products in all four formats", () => {
    const rows = products(catalogueSql({ productCount: 200 }));
    expect(rows).toHaveLength(200);
    const formats = new Set(rows.map((r) => /VALUES \(\d+, '[^']*', (?:'[^']*'|NULL), (\d)/.exec(r)?.[1]));
    expect([...formats].sort()).toEqual(["1", "2", "3", "4"]);
  });

  it("gives books valid ISBN-13s and goods none", () => {
    const isbns = catalogueSql({ productCount: 200 })
      .join("\n")
      .match(/'97[89]\d{10}'/g)
      ?.map((s) => s.slice(1, -1));
    expect(isbns?.length).toBeGreaterThan(150);
    for (const isbn of isbns ?? []) expect(isValidIsbn13(isbn), isbn).toBe(true);
    expect(new Set(isbns).size).toBe(isbns?.length);
  });

  it("describes goods as goods (no book's chapters or readers) and books as books", () => {
    const rows = products(catalogueSql({ productCount: 200 }));
    const formatOf = (row: string) => /VALUES \(\d+, '[^']*', (?:'[^']*'|NULL), (\d)/.exec(row)?.[1];
    const goods = rows.filter((row) => formatOf(row) === "4");
    const books = rows.filter((row) => formatOf(row) !== "4");
    expect(goods.length).toBeGreaterThan(5);
    for (const row of goods) expect(row).not.toMatch(/全書|本書|這本書|書中|篇章|讀者|翻開書頁/);
    expect(books.filter((row) => /全書|本書|這本書|書中|翻開書頁|作者/.test(row)).length).toBeGreaterThan(100);
  });

  it("names every author once", () => {
    const names = catalogueSql({ productCount: 300 })
      .filter((s) => s.startsWith("INSERT INTO authors"))
      .map((s) => /VALUES \(\d+, '([^']*)'/.exec(s)?.[1]);
    expect(new Set(names).size).toBe(names.length);
  });
});
