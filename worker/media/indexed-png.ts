// An indexed-colour PNG (8 bits a pixel, one palette) from a drawing, deflated by the platform's own zlib
// (CompressionStream "deflate" is the zlib format PNG's IDAT wants). Written here rather than taken from a library:
// fast-png, tried first, writes the image a byte at a time and took ~9 ms a cover before compressing; this takes ~1.
import type { IndexedCanvas } from "./indexed-canvas";
import type { Rgb } from "./palettes";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export async function encodeIndexedPng(
  canvas: IndexedCanvas,
  palette: readonly Rgb[],
): Promise<Uint8Array<ArrayBuffer>> {
  if (palette.length === 0 || palette.length > 256) throw new RangeError("A PNG palette holds 1 to 256 colours.");
  const { width, height, pixels } = canvas;
  // Each row after its filter byte (0: none; flat pictures deflate well as they are).
  const rows = new Uint8Array((width + 1) * height);
  for (let row = 0; row < height; row++) {
    rows.set(pixels.subarray(row * width, (row + 1) * width), row * (width + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // depth 8, colour type 3 (indexed), deflate, filters, no interlace
  return concat([
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("PLTE", Uint8Array.from(palette.flat())),
    chunk("IDAT", await deflate(rows)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The CRC-32 of PNG chunks (ISO 3309, as zlib's). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
