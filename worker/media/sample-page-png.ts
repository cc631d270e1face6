// The built-in catalogue's sample pages (試閱) as small indexed PNGs, for the reason the covers are
// (worker/media/cover-png.ts): an SVG with lettering is a document the browser builds, lays out and paints on the
// page's main thread. A product page on a phone loads its two or three samples with the page (they are within the lazy
// margin), and each SVG page was a task of 37–54 ms unthrottled in the trace of /product/1 (260–370 ms at the
// calibrated slowdown of `npm run lighthouse`).
// No lettering, for there is no font here to draw it with: the alt text names the book and the page. The composition
// is the SVG's: the paper, the title's line, fourteen lines of text (every fifth a paragraph's short last line), and
// the page number's mark at the foot.
import { createCanvas, fillRect } from "./indexed-canvas";
import { encodeIndexedPng } from "./indexed-png";
import type { Rgb } from "./palettes";

/** Palette indices of the drawing. */
const PAPER = 0;
const TITLE = 1;
const TEXT = 2;
const FOLIO = 3;

/** The SVG page's colours (cover-art.ts, samplePageSvg): paper, title, text lines, page number. */
const PALETTE: Rgb[] = [
  [0xfb, 0xf8, 0xf1],
  [0x2b, 0x29, 0x23],
  [0x8a, 0x85, 0x78],
  [0x57, 0x53, 0x4e],
];

export interface SamplePageFacts {
  /** The page's number (1–20); its folio mark is as wide as the number is long. */
  page: number;
  width: number;
  height: number;
  /** Characters of the book's title: the title's line is as long as it would be set (at most 16). */
  titleCharacters: number;
}

/** The sample page's PNG; a size the canvas refuses (createCanvas) rejects with a RangeError. */
export async function samplePagePng({
  page,
  width,
  height,
  titleCharacters,
}: SamplePageFacts): Promise<Uint8Array<ArrayBuffer>> {
  const canvas = createCanvas(width, height, PAPER);
  const left = Math.round(width * 0.12);
  // The title, set at 5 % of the width a character, as a bar of its length.
  const chars = Math.min(Math.max(titleCharacters, 1), 16);
  const titleSize = Math.round(width * 0.05);
  fillRect(
    canvas,
    left,
    Math.round(height * 0.1 - titleSize * 0.8),
    titleSize * chars,
    Math.round(titleSize * 0.8),
    TITLE,
  );
  for (let i = 0; i < 14; i++) {
    const y = Math.round(height * 0.16 + i * height * 0.052);
    const w = Math.round(width * (i % 5 === 4 ? 0.45 : 0.76));
    fillRect(canvas, left, y, w, Math.round(height * 0.012), TEXT);
  }
  const digits = String(page).length;
  const folio = Math.round(width * 0.02);
  fillRect(
    canvas,
    Math.round(width / 2 - (folio * digits) / 2),
    Math.round(height * 0.94),
    folio * digits,
    folio,
    FOLIO,
  );
  return encodeIndexedPng(canvas, PALETTE);
}
