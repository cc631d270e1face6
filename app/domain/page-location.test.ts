import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanedLocation } from "./page-location";
import { CLEANED_LOCATION_SCRIPT } from "./page-location-script";

// The inline tag's function, as the browser runs it.
const inlineCleaned = new Function(`return (${CLEANED_LOCATION_SCRIPT});`)() as (href: string) => string;

const CASES: [string, string][] = [
  ["https://s.test/order-search?order_no=BK20261123-000042-7KQ3ZP&email=a%40b.tw", "https://s.test/order-search"],
  ["https://s.test/member/orders?no=BK20261123-000042-7KQ3ZP&page=2", "https://s.test/member/orders?page=2"],
  ["https://s.test/order-complete?order_no=BK20261123-000042-7KQ3ZP", "https://s.test/order-complete"],
  ["https://s.test/recovery?step=code&email=reader%40example.com", "https://s.test/recovery?step=code"],
  // An e-mail under any name, encoded or not, and in the fragment.
  ["https://s.test/search?q=reader%40example.com&sort=newest", "https://s.test/search?sort=newest"],
  ["https://s.test/search?q=reader@example.com", "https://s.test/search"],
  ["https://s.test/product/1#reader%40example.com", "https://s.test/product/1"],
  ["https://s.test/product/1#reviews", "https://s.test/product/1#reviews"],
  // Everything else as it was.
  ["https://s.test/search?q=%E4%BD%9B%E6%95%99&page=2", "https://s.test/search?q=%E4%BD%9B%E6%95%99&page=2"],
  ["https://s.test/search?q=@", "https://s.test/search?q=@"],
  ["https://s.test/", "https://s.test/"],
  ["not an address", ""],
];

describe("cleanedLocation", () => {
  it.each(CASES)("%s → %s", (href, expected) => {
    expect(cleanedLocation(href)).toBe(expected);
  });

  it("the inline tag's function gives the same on every case", () => {
    for (const [href, expected] of CASES) expect(inlineCleaned(href), href).toBe(expected);
  });

  it("the two agree on generated addresses, and neither ever lets an e-mail through", () => {
    const value = fc.oneof(
      fc.emailAddress(),
      fc.string({ maxLength: 12 }),
      fc.constantFrom("BK20261123-000042-7KQ3ZP", "佛教", "2"),
    );
    const name = fc.constantFrom("q", "email", "order_no", "no", "page", "x", "mail");
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 5 }), fc.option(value), (params, fragment) => {
        const url = new URL("https://s.test/search");
        for (const [k, v] of params) url.searchParams.append(k, v);
        if (fragment !== null) url.hash = encodeURIComponent(fragment);
        const cleaned = cleanedLocation(url.href);
        expect(inlineCleaned(url.href)).toBe(cleaned);
        const after = new URL(cleaned);
        for (const [, v] of after.searchParams) expect(v).not.toMatch(/[^\s@]@[^\s@]/);
        for (const personal of ["email", "order_no", "no"]) expect(after.searchParams.has(personal)).toBe(false);
      }),
    );
  });
});
