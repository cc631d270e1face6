import { describe, expect, it } from "vitest";
import { cleanSearchQuery } from "~/domain/search-query";
import { searchTerms } from "./search-terms";

describe("searchTerms", () => {
  it("quotes long words for the trigram index and ANDs them", () => {
    expect(searchTerms("心經講記  生活智慧")).toEqual({
      match: '"心經講記" AND "生活智慧"',
      like: [],
      phrase: "心經講記 生活智慧",
    });
  });

  it("sends one- and two-character words to LIKE, escaped", () => {
    expect(searchTerms("禪 佛教")).toEqual({ match: null, like: [["%禪%"], ["%佛教%"]], phrase: "禪 佛教" });
    expect(searchTerms("50%_\\")).toMatchObject({ match: '"50%_\\"' });
    expect(searchTerms("5%")).toMatchObject({ like: [["%5\\%%"]] });
  });

  it("keeps FTS syntax inert", () => {
    expect(searchTerms('a" OR title:*').match).toBe('"title:*"');
    expect(searchTerms('NEAR("ab" cd)').match).toBe('"NEAR(""ab""" AND "cd)"');
  });

  it("reads control characters as spaces (a NUL would end the FTS5 string)", () => {
    expect(searchTerms("心經\u0000講記")).toEqual({ match: null, like: [["%心經%"], ["%講記%"]], phrase: "心經 講記" });
    expect(searchTerms("abc\u0001def\u007f").match).toBe('"abc" AND "def"');
    expect(searchTerms("\u0000\u0000\u0000")).toEqual({ match: null, like: [], phrase: "" });
  });

  it("agrees with the search page (cleanSearchQuery) on which queries are no query at all", () => {
    for (const raw of ["\u0000", "\u0001\u0000 \u007f", "\t\u009f", "abc\u0000", "心經\u0000講記", " 禪 "]) {
      expect(cleanSearchQuery(raw) === "", JSON.stringify(raw)).toBe(searchTerms(raw).phrase === "");
    }
  });

  it("lets 台 and 臺 find each other", () => {
    expect(searchTerms("台南的禪").match).toBe('("台南的禪" OR "臺南的禪")');
    expect(searchTerms("台 臺南").like).toEqual([
      ["%台%", "%臺%"],
      ["%臺南%", "%台南%"],
    ]);
  });

  it("uses at most five distinct words", () => {
    expect(searchTerms("一二三 四五六 七八九 十一二 十三四 十五六 一二三").match?.split(" AND ")).toHaveLength(5);
  });

  it("normalises full-width characters", () => {
    expect(searchTerms("ＩＳＢＮ９７８").match).toBe('"ISBN978"');
  });
});
