// Design tokens of SPEC §9: breakpoints, control heights, olive-gold primary, red errors, zero radius.
// Colours are CSS variables (app/styles/theme.css) so the light and dark themes swap them without new classes.
import { defineConfig, presetWind3 } from "unocss";

export default defineConfig({
  presets: [presetWind3({ dark: "class" })],
  content: {
    pipeline: { include: [/\.(tsx?|jsx?)($|\?)/] },
  },
  theme: {
    breakpoints: { sm: "640px", md: "768px", lg: "1024px", xl: "1280px", "2xl": "1536px" },
    colors: {
      primary: { DEFAULT: "var(--c-primary)", hover: "var(--c-primary-hover)", on: "var(--c-on-primary)" },
      error: "var(--c-error)",
      page: "var(--c-page)",
      surface: "var(--c-surface)",
      ink: { DEFAULT: "var(--c-ink)", muted: "var(--c-ink-muted)" },
      line: "var(--c-line)",
    },
    borderRadius: { none: "0", DEFAULT: "0", sm: "0", md: "0", lg: "0", xl: "0", full: "0" },
    height: { "control-sm": "38px", control: "46px", "control-md": "48px", "control-lg": "50px" },
    minHeight: { "control-sm": "38px", control: "46px", "control-md": "48px", "control-lg": "50px" },
    fontFamily: {
      sans: '"PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", "Microsoft JhengHei", system-ui, sans-serif',
      serif: '"Noto Serif TC", "Noto Serif CJK TC", "Songti TC", "PMingLiU", serif',
    },
  },
  shortcuts: {
    btn: "inline-flex items-center justify-center gap-2 h-control px-5 border border-transparent font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60",
    "btn-primary": "btn bg-primary text-primary-on hover:bg-primary-hover",
    "btn-outline": "btn border-primary text-primary bg-transparent hover:bg-primary hover:text-primary-on",
    "text-link": "text-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary",
    container: "mx-auto w-full max-w-screen-xl px-4 md:px-6",
    // A block that usually starts below the first screen: the browser skips its layout and paint until it nears the
    // viewport (first paint on a phone lays out one screen, not the whole page); `auto` keeps the last real size.
    // Each estimate is at most the block's smallest real height, so rendering a block only ever makes the page
    // longer: a page that got shorter under a reader who had jumped to its end would scroll under the pointer.
    "below-fold": "[content-visibility:auto] [contain-intrinsic-block-size:auto_10rem]",
    // A home shelf of more books than the widest row holds (seven or more are two rows even at six a row, 749 px or
    // more; app/routes/home.tsx): its tall estimate keeps the blocks after the shelves out of a phone's first layout.
    "below-fold-shelf": "[content-visibility:auto] [contain-intrinsic-block-size:auto_40rem]",
    // One product card past the first rows of a listing: a card at its smallest (cover and three lines at 320 px).
    "below-fold-card": "[content-visibility:auto] [contain-intrinsic-block-size:auto_16rem]",
  },
});
