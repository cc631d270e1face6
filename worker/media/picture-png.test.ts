import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { pictureSvg } from "./cover-art";
import { blend, picturePaletteAt, rgbOf } from "./palettes";
import { picturePng } from "./picture-png";
import { readPng } from "./testing/read-png";

/** The picture's colours as the PNG's palette holds them. */
function picturePalette(id: number) {
  const [ink, paper, accent] = picturePaletteAt(id);
  return { ink: rgbOf(ink), paper: rgbOf(paper), accent: rgbOf(accent) };
}

const facts = { id: 7, width: 600, height: 315 };

async function decoded(overrides: Partial<typeof facts> = {}) {
  return readPng(await picturePng({ ...facts, ...overrides }));
}

describe("picturePng", () => {
  it("is an indexed PNG of the picture's size, in the SVG picture's colours", async () => {
    const { png, rgb } = await decoded();
    const { ink, paper } = picturePalette(facts.id);
    expect(png).toMatchObject({ width: 600, height: 315, channels: 1, depth: 8 });
    // The SVG sets the same paper and ink (its first rect and the band's fill).
    const svg = pictureSvg({ id: facts.id, title: "禪", subtitle: "台北", width: 600, height: 315 });
    const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    expect(svg.toLowerCase()).toContain(`fill="${hex(paper)}"`);
    expect(svg.toLowerCase()).toContain(`fill="${hex(ink)}"`);
    // Paper in the top-left corner, the ink band along the bottom, the disc on the right.
    expect(rgb(5, 5)).toEqual([...paper]);
    expect(rgb(300, 310)).toEqual([...ink]);
    expect(rgb(Math.round(600 * 0.82), Math.round(315 * 0.3))).toEqual([
      ...blend(paper, picturePalette(facts.id).accent, 0.45),
    ]);
  });

  it("keeps a seal in the band, in the accent colour", async () => {
    const { rgb } = await decoded();
    const { accent } = picturePalette(facts.id);
    const bandTop = Math.round(315 * 0.86);
    const seal = Math.round((315 - bandTop) * 0.5);
    expect(rgb(Math.round(600 * 0.07) + 1, bandTop + Math.round((315 - bandTop) / 2))).toEqual([...accent]);
    expect(rgb(Math.round(600 * 0.07) + seal + 2, bandTop + Math.round((315 - bandTop) / 2))).not.toEqual([...accent]);
  });

  it("draws the same bytes for the same picture, and other colours for another id", async () => {
    const [a, b] = await Promise.all([picturePng(facts), picturePng(facts)]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = decode(await picturePng({ ...facts, id: facts.id + 1 }));
    expect(other.palette?.[0]).not.toEqual(decode(a).palette?.[0]);
  });

  it("rejects a size the canvas refuses (indexed-canvas.test.ts), rather than fill the isolate's memory", async () => {
    await expect(picturePng({ id: 1, width: 1200, height: 5000 })).rejects.toThrow(RangeError);
  });
});
