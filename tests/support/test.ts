// The Playwright `test` of both suites. Each test is a reader of its own: every browser and request context it opens
// sends a client address (CF-Connecting-IP) that no other test of the run uses, so the per-address rate limits
// (worker/rate-limits.ts) count each test apart, as they count readers. Locally Miniflare sets the header from the
// socket only when a request carries none; on Cloudflare's edge the header is Cloudflare's and cannot be sent.
import { test as base, type TestInfo } from "@playwright/test";

export * from "@playwright/test";

let testsInWorker = 0;

/** An address from the documentation prefix 2001:db8::/32, unique per worker (of the run) and test. */
function clientAddressOf(testInfo: TestInfo): string {
  testsInWorker += 1;
  return `2001:db8:${testInfo.workerIndex.toString(16)}::${testsInWorker.toString(16)}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddressOf(testInfo) });
  },
});
