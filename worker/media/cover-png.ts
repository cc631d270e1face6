// The built-in catalogue's covers as small indexed PNGs. A PNG is decoded off the page's main thread; an SVG cover is
// a document of its own that the browser builds, lays out and paints on it, which on a phone-speed CPU made every
// cover on a list a task of its own (measured at 4x CPU: a fifth to a third of the long-task time of home, list and
// product).
// No lettering, for there is no font here to draw it with: the title and author are printed beside every cover, and
// the cover keeps a title slip (題簽) the length of its title, as a thread-bound book's.
import type { CoverFacts } from "./cover-facts";
import { createCanvas, fillCircle, fillRect } from "./indexed-canvas";
import { encodeIndexedPng } from "./indexed-png";
import { blend, paletteAt, type Rgb, rgbOf } from "./palettes";

const WHITE: Rgb = [255, 255, 255];

/** Palette indices of the drawing. */
const PAPER = 0;
const INK = 1;
const DISC = 2;
const DISC_EDGE = [3, 4, 5];
const SLIP = 6;
const MARK = 7;

/** Characters of the title that would be set on the slip (as the SVG cover set them). */
export function slipCharacters(title: string): number {
  return Math.min([...title.replace(/[：:（）()《》\s]/g, "")].length, 12);
}

/** The cover's PNG; a size the canvas refuses (createCanvas) rejects with a RangeError. */
export async function coverPng({
  id,
  title,
  author,
  format,
  width,
  height,
}: CoverFacts): Promise<Uint8Array<ArrayBuffer>> {
  const [inkHex, paperHex, accentHex] = paletteAt(id);
  const ink = rgbOf(inkHex);
  const paper = rgbOf(paperHex);
  const disc = blend(paper, rgbOf(accentHex), 0.55);
  const palette: Rgb[] = [
    paper,
    ink,
    disc,
    ...[0.25, 0.5, 0.75].map((share) => blend(paper, disc, share)),
    blend(paper, WHITE, 0.65),
    rgbOf(accentHex),
  ];

  const canvas = createCanvas(width, height, PAPER);
  fillRect(canvas, 0, 0, width * 0.08, height, INK);
  fillCircle(canvas, width * 0.32, height * 0.7, width * 0.2, DISC, DISC_EDGE);

  // The title slip: ink frame, pale inside, as long as the title would be set.
  const chars = Math.max(slipCharacters(title), 1);
  const charSize = Math.min(width * 0.13, (height * 0.62) / chars);
  const slipWidth = Math.round(width * 0.17);
  const slipHeight = Math.round(charSize * chars + charSize * 0.6);
  const slipLeft = Math.round(width * 0.7 - slipWidth / 2);
  const slipTop = Math.round(height * 0.1);
  const frame = Math.max(2, Math.round(width * 0.006));
  fillRect(canvas, slipLeft, slipTop, slipWidth, slipHeight, INK);
  fillRect(canvas, slipLeft + frame, slipTop + frame, slipWidth - 2 * frame, slipHeight - 2 * frame, SLIP);

  // The author's line, as long as the name would be set; a mark in the corner for e-books, audio books and goods.
  const authorChars = author ? Math.min([...author].length, 12) : 0;
  if (authorChars > 0) {
    fillRect(canvas, width * 0.14, height * 0.91, width * 0.05 * authorChars, Math.max(2, height * 0.012), INK);
  }
  if (format !== 1) fillRect(canvas, width * 0.14, height * 0.06, width * 0.06, width * 0.06, MARK);

  return encodeIndexedPng(canvas, palette);
}
