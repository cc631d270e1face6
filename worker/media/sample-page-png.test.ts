import { describe, expect, it } from "vitest";
import { samplePageSvg } from "./cover-art";
import { samplePagePng } from "./sample-page-png";
import { readPng } from "./testing/read-png";

const facts = { page: 2, width: 600, height: 840, titleCharacters: 6 };
const PAPER = [0xfb, 0xf8, 0xf1];
const TITLE = [0x2b, 0x29, 0x23];
const TEXT = [0x8a, 0x85, 0x78];
const FOLIO = [0x57, 0x53, 0x4e];

describe("samplePagePng", () => {
  it("is an indexed PNG of the page's size, in the SVG page's colours and places", async () => {
    const { png, rgb } = readPng(await samplePagePng(facts));
    expect(png).toMatchObject({ width: 600, height: 840, channels: 1, depth: 8 });
    // The SVG page sets the same paper, title, text and page-number colours.
    const svg = samplePageSvg({ title: "八大人覺經講記", page: 2, width: 600, height: 840 }).toLowerCase();
    for (const colour of [PAPER, TITLE, TEXT, FOLIO]) {
      expect(svg).toContain(`#${colour.map((v) => v.toString(16).padStart(2, "0")).join("")}`);
    }
    expect(rgb(5, 5)).toEqual(PAPER);
    // The title's line: six characters at 30 px, from x = 72; paper after it.
    expect(rgb(72 + 5, 75)).toEqual(TITLE);
    expect(rgb(72 + 6 * 30 + 5, 75)).toEqual(PAPER);
    // The first text line (y = 134, 10 px high), the fifth a short one (45 % of the width), the folio at the foot.
    expect(rgb(300, 138)).toEqual(TEXT);
    const fifth = Math.round(840 * 0.16 + 4 * 840 * 0.052) + 4;
    expect(rgb(72 + 200, fifth)).toEqual(TEXT);
    expect(rgb(72 + 300, fifth)).toEqual(PAPER);
    expect(rgb(300, Math.round(840 * 0.94) + 5)).toEqual(FOLIO);
  });

  it("draws the title's line as long as the title, up to sixteen characters", async () => {
    const short = readPng(await samplePagePng({ ...facts, titleCharacters: 2 }));
    expect(short.rgb(72 + 2 * 30 + 5, 75)).toEqual(PAPER);
    const long = readPng(await samplePagePng({ ...facts, titleCharacters: 40 }));
    expect(long.rgb(72 + 15 * 30 + 5, 75)).toEqual(TITLE);
    expect(long.rgb(72 + 16 * 30 + 5, 75)).toEqual(PAPER);
  });

  it("draws the same bytes for the same page, and a wider folio for a two-digit page", async () => {
    const [a, b] = await Promise.all([samplePagePng(facts), samplePagePng(facts)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const folioY = Math.round(840 * 0.94) + 5;
    const one = readPng(await samplePagePng({ ...facts, page: 9 }));
    const two = readPng(await samplePagePng({ ...facts, page: 12 }));
    expect(one.rgb(300 - 12 - 2, folioY)).toEqual(PAPER);
    expect(two.rgb(300 - 12 + 2, folioY)).toEqual(FOLIO);
  });

  it("rejects a size the canvas refuses (indexed-canvas.test.ts), rather than fill the isolate's memory", async () => {
    await expect(samplePagePng({ ...facts, width: 1200, height: 5000 })).rejects.toThrow(RangeError);
  });
});
