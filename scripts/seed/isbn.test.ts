import { describe, expect, it } from "vitest";
import { isbn13CheckDigit, isValidIsbn13, taiwanIsbn } from "./isbn.mjs";

describe("ISBN-13", () => {
  it("computes check digits of known ISBNs", () => {
    expect(isbn13CheckDigit("978030640615")).toBe("7"); // 978-0-306-40615-7, the standard's own example
    expect(isValidIsbn13("9780306406157")).toBe(true);
    expect(isValidIsbn13("9780306406158")).toBe(false);
  });
  it("builds valid Taiwan ISBNs", () => {
    const isbn = taiwanIsbn("978626", 1234);
    expect(isbn).toMatch(/^978626\d{7}$/);
    expect(isValidIsbn13(isbn)).toBe(true);
  });
});
