// The Playwright `test` of both suites. Each test is a reader of its own: every browser and request context it opens
// sends a client address (CF-Connecting-IP) in an IPv6 /64 that no other test of the run uses, so the per-client rate
// limits (worker/rate-limits.ts), which count an IPv6 client by its /64, count each test apart, as they count readers.
// Locally Miniflare sets the header from the socket only when a request carries none; on Cloudflare's edge the header
// is Cloudflare's and cannot be sent. Its API client retries a GET or HEAD whose kept-alive connection was reset
// (./request-retries.ts).
import { test as base, type TestInfo } from "@playwright/test";
import { withIdempotentRetries } from "./request-retries";

export * from "@playwright/test";

let testsInWorker = 0;

/**
 * An address from the documentation prefix 2001:db8::/32 whose /64 is unique per worker (of the run) and test:
 * 2001:db8:<worker>:<test>::1.
 */
function clientAddressOf(testInfo: TestInfo): string {
  testsInWorker += 1;
  return `2001:db8:${testInfo.workerIndex.toString(16)}:${testsInWorker.toString(16)}::1`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddressOf(testInfo) });
  },
  request: async ({ request }, use) => {
    await use(withIdempotentRetries(request));
  },
});
