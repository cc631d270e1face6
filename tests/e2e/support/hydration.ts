import type { Page } from "@playwright/test";

/** Resolves once React Router has hydrated the page (its data router exists and is idle). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true;
  });
}

/** Client-side navigation through React Router itself (as a <Link> would do). */
export async function clientNavigate(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}
