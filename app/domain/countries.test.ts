import { describe, expect, it } from "vitest";
import { COUNTRIES, countryLabel, DEFAULT_COUNTRY, isKnownCountry } from "./countries";

describe("countries (SPEC §3)", () => {
  it("has the 249 ISO 3166-1 countries with all names and distinct Traditional names", () => {
    expect(COUNTRIES).toHaveLength(249);
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.numeric).toMatch(/^\d{3}$/);
      expect(c.name_en && c.name_zh_hant && c.name_zh_hans).toBeTruthy();
    }
    expect(new Set(COUNTRIES.map((c) => c.name_zh_hant)).size).toBe(249);
  });

  it("starts with 台灣, the default, and reads as Taiwan writes", () => {
    expect(COUNTRIES[0]?.name_zh_hant).toBe(DEFAULT_COUNTRY);
    const byCode = Object.fromEntries(COUNTRIES.map((c) => [c.alpha2, c]));
    expect(byCode.HK?.name_zh_hant).toBe("香港");
    expect(byCode.MO?.name_zh_hant).toBe("澳門");
    expect(byCode.KR?.name_zh_hant).toBe("南韓");
    expect(byCode.AU?.numeric).toBe("036");
  });

  it("labels the picker 'Traditional name - English name'", () => {
    expect(countryLabel(COUNTRIES[0]!)).toBe("台灣 - Taiwan");
    expect(isKnownCountry("日本")).toBe(true);
    expect(isKnownCountry("Japan")).toBe(false);
  });
});
