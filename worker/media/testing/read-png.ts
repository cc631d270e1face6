// Test-only: a PNG read back by another decoder (fast-png), with each pixel's colour from its palette.
import { decode } from "fast-png";

export function readPng(bytes: Uint8Array) {
  const png = decode(bytes);
  /** The colour of pixel (x, y), as [r, g, b]. */
  const rgb = (x: number, y: number) => png.palette?.[png.data[y * png.width + x] ?? -1];
  return { png, rgb };
}
