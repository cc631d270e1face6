// The pictures of the built-in activities and articles as small indexed PNGs, for the reason the covers are
// (worker/media/cover-png.ts): an SVG with lettering is a document the browser builds, lays out and paints on the
// page's main thread, and a list of activities or articles showed a dozen of them (measured at 4x CPU: about a fifth
// of the long-task time of the article list, and of home's).
// No lettering: the title is printed beside every picture. The composition is the SVG's: the paper, the accent's disc
// and the ink band, in the same colours; a seal (印) in the band stands where the SVG set the words.
import { createCanvas, fillCircle, fillRect } from "./indexed-canvas";
import { encodeIndexedPng } from "./indexed-png";
import { blend, picturePaletteAt, type Rgb, rgbOf } from "./palettes";

/** Palette indices of the drawing. */
const PAPER = 0;
const INK = 1;
const DISC = 2;
const DISC_EDGE = [3, 4, 5];
const SEAL = 6;

export interface PictureFacts {
  id: number;
  width: number;
  height: number;
}

/** The picture's PNG, in the SVG picture's colours; a size the canvas refuses (createCanvas) rejects with a RangeError. */
export async function picturePng({ id, width, height }: PictureFacts): Promise<Uint8Array<ArrayBuffer>> {
  const [inkHex, paperHex, accentHex] = picturePaletteAt(id);
  const ink = rgbOf(inkHex);
  const paper = rgbOf(paperHex);
  const accent = rgbOf(accentHex);
  // The SVG's disc is the accent at 45 % over the paper.
  const disc = blend(paper, accent, 0.45);
  const palette: Rgb[] = [paper, ink, disc, ...[0.25, 0.5, 0.75].map((share) => blend(paper, disc, share)), accent];

  const canvas = createCanvas(width, height, PAPER);
  fillCircle(canvas, width * 0.82, height * 0.3, height * 0.42, DISC, DISC_EDGE);
  const bandTop = Math.round(height * 0.86);
  fillRect(canvas, 0, bandTop, width, height - bandTop, INK);
  const seal = Math.max(2, Math.round((height - bandTop) * 0.5));
  fillRect(canvas, width * 0.07, bandTop + (height - bandTop - seal) / 2, seal, seal, SEAL);
  return encodeIndexedPng(canvas, palette);
}
