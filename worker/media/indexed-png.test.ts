import { decode } from "fast-png";
import { describe, expect, it } from "vitest";
import { createCanvas, fillRect } from "./indexed-canvas";
import { crc32, encodeIndexedPng } from "./indexed-png";

describe("encodeIndexedPng", () => {
  it("writes a PNG another decoder reads back pixel for pixel, with the palette", async () => {
    const canvas = createCanvas(7, 5, 0);
    fillRect(canvas, 2, 1, 3, 2, 1);
    canvas.pixels[34] = 2;
    const png = await encodeIndexedPng(canvas, [
      [255, 255, 255],
      [10, 20, 30],
      [200, 100, 0],
    ]);
    const decoded = decode(png);
    expect(decoded).toMatchObject({ width: 7, height: 5, depth: 8, channels: 1 });
    expect([...decoded.data]).toEqual([...canvas.pixels]);
    expect(decoded.palette).toEqual([
      [255, 255, 255],
      [10, 20, 30],
      [200, 100, 0],
    ]);
  });

  it("refuses a palette PNG cannot hold", async () => {
    const canvas = createCanvas(1, 1, 0);
    await expect(encodeIndexedPng(canvas, [])).rejects.toThrow(RangeError);
    const tooMany = Array.from({ length: 257 }, () => [0, 0, 0] as const);
    await expect(encodeIndexedPng(canvas, tooMany)).rejects.toThrow(RangeError);
  });
});

describe("crc32", () => {
  it("is zlib's CRC-32", () => {
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});
