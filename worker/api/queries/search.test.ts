// Search against the real schema (FTS5 trigram table included) on local D1: whatever a reader types, the query
// runs; text the index cannot take is a reader's input, never a database error.
import { describe, expect, it } from "vitest";
import { searchTerms } from "../search-terms";
import { testD1 } from "../testing/d1-harness";
import { searchProducts, searchSuggestions } from "./search";

const d1 = testD1();

describe("search queries", () => {
  // A NUL inside a quoted FTS5 string ended it early: "unterminated string" (a 500 before the fix).
  for (const typed of ["a\u0000b", "心經\u0000講記", "abc\u0000", "佛\u0000"]) {
    it(`runs with control characters in what was typed: ${JSON.stringify(typed)}`, async () => {
      await expect(searchProducts(d1.db, searchTerms(typed), "relevance", 1, 24)).resolves.toMatchObject({ total: 0 });
      await expect(searchSuggestions(d1.db, searchTerms(typed), 5)).resolves.toBeDefined();
    });
  }
});
