// The calm colour sets of the built-in catalogue's pictures (ink, paper, accent), one picked by id, shared by the SVG
// pictures and the PNG covers so a product keeps its colours whichever is drawn.

export type Rgb = readonly [number, number, number];

export const PALETTES = [
  ["#5b4a1f", "#efe6cc", "#c9b26a"],
  ["#2f3e46", "#e9ecef", "#84a98c"],
  ["#6b2d2d", "#f6ede4", "#d9a066"],
  ["#1f3b4d", "#eef4f7", "#8fb3c9"],
  ["#3d3a2b", "#f3f0e6", "#a39b72"],
  ["#4a2f4f", "#f4eef5", "#b596bb"],
  ["#24493b", "#edf5f0", "#9cc5a1"],
  ["#54351f", "#f7f1e8", "#c98f5a"],
] as const;

export type Palette = (typeof PALETTES)[number];

/** The palette at `index` (any integer, wrapped round). */
export function paletteAt(index: number): Palette {
  return PALETTES[((index % PALETTES.length) + PALETTES.length) % PALETTES.length] ?? PALETTES[0];
}

/** The palette of editorial picture `id` (banner, activity, article): another step through the sets than a cover's. */
export function picturePaletteAt(id: number): Palette {
  return paletteAt(id * 3);
}

export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** `over` laid on `under` at `opacity` (0–1), rounded to whole channel values. */
export function blend(under: Rgb, over: Rgb, opacity: number): Rgb {
  const mix = (a: number, b: number) => Math.round(a * (1 - opacity) + b * opacity);
  return [mix(under[0], over[0]), mix(under[1], over[1]), mix(under[2], over[2])];
}
