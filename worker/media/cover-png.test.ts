import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { coverPng, slipCharacters } from "./cover-png";
import { paletteAt, rgbOf } from "./palettes";
import { readPng } from "./testing/read-png";

const facts = { id: 9, title: "八大人覺經講記", author: "星雲大師", format: 1, width: 300, height: 420 };

async function decoded(overrides: Partial<typeof facts> = {}) {
  return readPng(await coverPng({ ...facts, ...overrides }));
}

/** Rows of column `x` painted in `colour`. */
function rowsIn(png: ReturnType<typeof decode>, x: number, colour: number[]) {
  let rows = 0;
  for (let y = 0; y < png.height; y++) {
    if (JSON.stringify(png.palette?.[png.data[y * png.width + x] ?? -1]) === JSON.stringify(colour)) rows++;
  }
  return rows;
}

describe("coverPng", () => {
  it("is an indexed PNG of the cover's size in the product's colours: paper, and the ink spine", async () => {
    const { png, rgb } = await decoded();
    const [ink, paper] = paletteAt(facts.id).map(rgbOf);
    expect(png).toMatchObject({ width: 300, height: 420, channels: 1, depth: 8 });
    expect(rgb(5, 200)).toEqual([...(ink ?? [])]);
    expect(rgb(150, 5)).toEqual([...(paper ?? [])]);
  });

  it("draws the same bytes for the same facts, and other colours for another id", async () => {
    const [a, b] = await Promise.all([coverPng(facts), coverPng(facts)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = decode(await coverPng({ ...facts, id: facts.id + 1 }));
    expect(other.palette?.[0]).not.toEqual(decode(a).palette?.[0]);
  });

  it("makes the title slip as long as the title would be set", async () => {
    const short = await decoded({ title: "禪" });
    const long = await decoded({ title: "星雲大師全集：人間佛教論文集" });
    const [ink] = paletteAt(facts.id).map(rgbOf);
    const slipColumn = Math.round(facts.width * 0.7);
    // The slip's frame runs down its side; its length in rows follows the title.
    const frameColumn = Math.round(slipColumn - (facts.width * 0.17) / 2) + 1;
    expect(rowsIn(long.png, frameColumn, [...(ink ?? [])])).toBeGreaterThan(
      rowsIn(short.png, frameColumn, [...(ink ?? [])]) * 4,
    );
  });

  it("marks e-books, audio books and goods in the corner, and not paper books", async () => {
    const corner = (png: ReturnType<typeof decode>) => png.palette?.[png.data[Math.round(420 * 0.08) * 300 + 50] ?? -1];
    const [, paper, accent] = paletteAt(facts.id).map(rgbOf);
    expect(corner((await decoded({ format: 1 })).png)).toEqual([...(paper ?? [])]);
    for (const format of [2, 3, 4]) expect(corner((await decoded({ format })).png)).toEqual([...(accent ?? [])]);
  });
});

describe("coverPng's size", () => {
  it("rejects a size the canvas refuses (indexed-canvas.test.ts), rather than fill the isolate's memory", async () => {
    await expect(coverPng({ ...facts, height: 5000 })).rejects.toThrow(RangeError);
  });
});

describe("slipCharacters", () => {
  it("counts the title's characters without punctuation and spaces, at most twelve", () => {
    expect(slipCharacters("心經（註解）")).toBe(4);
    expect(slipCharacters("星雲大師全集：人間佛教論文集人間音緣")).toBe(12);
    expect(slipCharacters("  ")).toBe(0);
  });
});
