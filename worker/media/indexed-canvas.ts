// A tiny drawing surface of palette indices (one byte a pixel) for flat pictures: rectangles and circles with softened
// edges. Enough for the built-in catalogue's covers; encoded as an indexed PNG, which stays small for flat colours.

export interface IndexedCanvas {
  readonly width: number;
  readonly height: number;
  /** Row after row, one palette index a pixel. */
  readonly pixels: Uint8Array;
}

/** The largest side drawn: a 4096 × 4096 canvas is 16 MB of the isolate's memory (the pictures are 600 to 1200 px). */
export const CANVAS_SIDE_MAX = 4096;

/** A canvas filled with `background`; a side that is not a whole number from 1 to CANVAS_SIDE_MAX is refused. */
export function createCanvas(width: number, height: number, background: number): IndexedCanvas {
  if (![width, height].every((side) => Number.isInteger(side) && side >= 1 && side <= CANVAS_SIDE_MAX)) {
    throw new RangeError(`A picture is 1 to ${CANVAS_SIDE_MAX} pixels a side, not ${width} × ${height}.`);
  }
  return { width, height, pixels: new Uint8Array(width * height).fill(background) };
}

/** Fills the rectangle (clipped to the canvas; fractional edges rounded). */
export function fillRect(canvas: IndexedCanvas, x: number, y: number, w: number, h: number, index: number): void {
  const left = Math.max(0, Math.round(x));
  const right = Math.min(canvas.width, Math.round(x + w));
  const top = Math.max(0, Math.round(y));
  const bottom = Math.min(canvas.height, Math.round(y + h));
  if (left >= right) return;
  for (let row = top; row < bottom; row++)
    canvas.pixels.fill(index, row * canvas.width + left, row * canvas.width + right);
}

/**
 * Fills the circle. `edge` holds the indices for partly covered pixels, from least to most covered: a pixel's share
 * inside the circle (sampled 4×4) picks one, so the rim is softened without a colour per shade.
 */
export function fillCircle(
  canvas: IndexedCanvas,
  cx: number,
  cy: number,
  r: number,
  index: number,
  edge: readonly number[] = [],
): void {
  const top = Math.max(0, Math.floor(cy - r));
  const bottom = Math.min(canvas.height - 1, Math.ceil(cy + r));
  for (let row = top; row <= bottom; row++) {
    const left = Math.max(0, Math.floor(cx - r));
    const right = Math.min(canvas.width - 1, Math.ceil(cx + r));
    for (let col = left; col <= right; col++) {
      const covered = coverage(col, row, cx, cy, r);
      if (covered === 1) canvas.pixels[row * canvas.width + col] = index;
      else if (covered > 0 && edge.length > 0) {
        const shade = edge[Math.min(edge.length - 1, Math.floor(covered * (edge.length + 1)) - 1)];
        if (shade !== undefined) canvas.pixels[row * canvas.width + col] = shade;
      }
    }
  }
}

/** The share of pixel (col, row) inside the circle: 1 or 0 away from the rim, else sampled on a 4×4 grid. */
function coverage(col: number, row: number, cx: number, cy: number, r: number): number {
  const dx = col + 0.5 - cx;
  const dy = row + 0.5 - cy;
  const distance = Math.sqrt(dx * dx + dy * dy);
  if (distance <= r - 0.75) return 1;
  if (distance >= r + 0.75) return 0;
  let inside = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const px = col + (sx + 0.5) / 4 - cx;
      const py = row + (sy + 0.5) / 4 - cy;
      if (px * px + py * py <= r * r) inside++;
    }
  }
  return inside / 16;
}
