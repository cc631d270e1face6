import { describe, expect, it } from "vitest";
import { characterCount, hasControlCharacter, tidyText } from "./plain-text";

describe("tidyText", () => {
  it("drops spaces and invisible format characters at either end, and only there", () => {
    expect(tidyText("  林靜宜　")).toBe("林靜宜");
    expect(tidyText("\u200b\u200b")).toBe("");
    expect(tidyText("\ufeff\u200e 王小明 \u200f\u2060")).toBe("王小明");
    // Inside the text they stay: an emoji's joiner, a word joiner between words.
    expect(tidyText("👩\u200d💻 工程師")).toBe("👩\u200d💻 工程師");
    expect(tidyText("a\u2060b")).toBe("a\u2060b");
  });
});

describe("hasControlCharacter", () => {
  it("finds NUL, line breaks, tab, DEL and the C1 controls; nothing in ordinary text", () => {
    for (const control of ["\u0000", "\n", "\r", "\t", "\u007f", "\u0085", "\u009f"]) {
      expect(hasControlCharacter(`臺北市${control}中正區`)).toBe(true);
    }
    expect(hasControlCharacter("重慶南路一段 1 號 3 樓之 2（收發室）")).toBe(false);
    expect(hasControlCharacter("👩\u200d💻\u200b")).toBe(false);
  });

  it("finds the bidirectional controls, which make text read backwards, and lone surrogates", () => {
    const bidi = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"];
    for (const control of [...bidi, "\u2066", "\u2067", "\u2068", "\u2069", "\ud800", "\udfff"]) {
      expect(hasControlCharacter(`林${control}靜宜`), JSON.stringify(control)).toBe(true);
    }
    // A lone surrogate at the end too; a pair (a CJK Extension B character, an emoji) is one ordinary character.
    expect(hasControlCharacter("林靜\ud840")).toBe(true);
    expect(hasControlCharacter("𠀀林🙂")).toBe(false);
    // The neighbours of the ranges are ordinary: a joiner, a narrow no-break space, a word joiner.
    expect(hasControlCharacter("a\u200db\u202fc\u2060d")).toBe(false);
  });
});

describe("characterCount", () => {
  it("counts characters as readers do, not UTF-16 units", () => {
    expect(characterCount("𠀀𠀁")).toBe(2);
    expect("𠀀𠀁".length).toBe(4);
    expect(characterCount("林靜宜")).toBe(3);
    expect(characterCount("")).toBe(0);
  });
});
