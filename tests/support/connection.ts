// The reader's connection dropping, as the storefront's pages meet it: every React Router data request (a client
// navigation's or a form's `.data`) fails in the browser as fetch() fails offline, before it reaches the server.
// Documents, scripts and the API calls of the test's own request context are not touched.
import type { Page } from "@playwright/test";

const isData = (url: URL) => url.pathname.endsWith(".data");

/** From now on the page's data requests never arrive. */
export async function dropConnection(page: Page) {
  await page.route(isData, (route) => route.abort("internetdisconnected"));
}

/** The connection is back. */
export async function restoreConnection(page: Page) {
  await page.unroute(isData);
}
