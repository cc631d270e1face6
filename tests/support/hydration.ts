import type { Page } from "@playwright/test";

/** Resolves once React has hydrated the page and run the root's effects (app/root.tsx marks it). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Client-side navigation through React Router itself (as a <Link> would do). */
export async function clientNavigate(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}

/**
 * Holds every script of the page until the returned function is called, as a slow link would: what a reader does
 * before hydration can then be tested. Navigate with `waitUntil: "domcontentloaded"`, since the load event waits
 * for the held scripts.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
