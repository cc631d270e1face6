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
