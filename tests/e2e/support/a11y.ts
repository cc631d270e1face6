import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
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

/** axe finds no violation on the current page, in the light and the dark theme. */
export async function expectAccessible(page: Page) {
  const initiallyDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    expect(await violations(page), `axe violations in the ${theme} theme on ${page.url()}`).toEqual([]);
  }
  await setTheme(page, initiallyDark ? "dark" : "light");
}
