import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// WCAG 2.0, 2.1 and 2.2 at levels A and AA. axe tags each rule with the version that added it: wcag22aa is 2.2's
// target-size (2.5.8, a pointer target at least 24 × 24 px or spaced as if it were).
const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// The rules of those levels that read colours (axe's cat.color). setTheme below toggles a class on <html>, so the
// DOM stays the same and only styles change: the dark pass runs these alone, sparing a CPU-bound full run per page.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function violations(page: Page, only?: string[]) {
  // Legacy mode runs axe in the page itself. The default mode finishes every run in a new blank page of the context
  // (made for cross-origin iframes, which the storefront has none of): measured, that took 600–1,200 ms a run
  // against 250–370 ms, and it was where the slow CI machine's axe runs timed out.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (only ? builder.withRules(only) : builder.withTags(WCAG_A_AA)).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => {
    document.documentElement.classList.toggle("dark", t === "dark");
    document.documentElement.style.colorScheme = t;
  }, theme);
}

/** axe finds no violation on the current page: every WCAG A/AA rule in the light theme, the colour rules in the dark. */
export async function expectAccessible(page: Page) {
  const initiallyDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await setTheme(page, "light");
  expect(await violations(page), `axe violations in the light theme on ${page.url()}`).toEqual([]);
  await setTheme(page, "dark");
  expect(await violations(page, COLOUR_RULES), `axe colour violations in the dark theme on ${page.url()}`).toEqual([]);
  await setTheme(page, initiallyDark ? "dark" : "light");
}
