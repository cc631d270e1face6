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

  it("names every author once", () => {
    const names = catalogueSql({ productCount: 300 })
      .filter((s) => s.startsWith("INSERT INTO authors"))
      .map((s) => /VALUES \(\d+, '([^']*)'/.exec(s)?.[1]);
    expect(new Set(names).size).toBe(names.length);
  });
});
