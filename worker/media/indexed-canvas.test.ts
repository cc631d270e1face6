import { describe, expect, it } from "vitest";
import { CANVAS_SIDE_MAX, createCanvas, fillCircle, fillRect } from "./indexed-canvas";

const at = (canvas: ReturnType<typeof createCanvas>, x: number, y: number) => canvas.pixels[y * canvas.width + x];

describe("fillRect", () => {
  it("fills the rectangle and nothing else, clipped to the canvas", () => {
    const canvas = createCanvas(6, 4, 0);
    fillRect(canvas, 4, -2, 10, 4, 3);
    expect([0, 1, 2, 3].map((y) => [...canvas.pixels.subarray(y * 6, y * 6 + 6)].join(""))).toEqual([
      "000033",
      "000033",
      "000000",
      "000000",
    ]);
  });

  it("draws nothing for a rectangle outside the canvas", () => {
    const canvas = createCanvas(4, 4, 0);
    fillRect(canvas, 5, 0, 3, 3, 1);
    fillRect(canvas, -4, 0, 3, 3, 1);
    expect(canvas.pixels.every((index) => index === 0)).toBe(true);
  });
});

describe("fillCircle", () => {
  it("fills inside, leaves the corners, and shades the rim by how much of a pixel is covered", () => {
    const canvas = createCanvas(21, 21, 0);
    fillCircle(canvas, 10.5, 10.5, 8, 9, [1, 2, 3]);
    expect(at(canvas, 10, 10)).toBe(9);
    expect(at(canvas, 10, 3)).toBe(9);
    expect(at(canvas, 0, 0)).toBe(0);
    expect(at(canvas, 20, 20)).toBe(0);
    // Pixels across the rim: some shades appear, and only the shades given.
    const shades = new Set([...canvas.pixels].filter((index) => index !== 0 && index !== 9));
    expect(shades.size).toBeGreaterThan(0);
    expect([...shades].every((index) => [1, 2, 3].includes(index))).toBe(true);
    // Symmetric: the circle is drawn the same on every side.
    expect(at(canvas, 2, 10)).toBe(at(canvas, 18, 10));
    expect(at(canvas, 10, 2)).toBe(at(canvas, 10, 18));
  });

  it("without rim shades, draws a hard edge", () => {
    const canvas = createCanvas(10, 10, 0);
    fillCircle(canvas, 5, 5, 3, 4);
    expect(new Set(canvas.pixels)).toEqual(new Set([0, 4]));
  });
});

describe("createCanvas", () => {
  it("refuses a side that is not a whole number of pixels from 1 to the maximum", () => {
    expect(createCanvas(CANVAS_SIDE_MAX, 1, 0).pixels.length).toBe(CANVAS_SIDE_MAX);
    for (const [width, height] of [
      [0, 840],
      [600, CANVAS_SIDE_MAX + 1],
      [600.5, 840],
      [Number.NaN, 840],
      [-600, 840],
    ]) {
      expect(() => createCanvas(width ?? 0, height ?? 0, 0), `${width} × ${height}`).toThrow(RangeError);
    }
  });
});
