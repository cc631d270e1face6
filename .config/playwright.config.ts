// End-to-end (browser + axe) and contract suites against the built worker on workerd.
// Two servers: the plain storefront, and one with an analytics id (to see page views sent, and not sent); a third, for
// the fault tests only, reaches the plain one's API through a fault-injecting stand-in origin.
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 8788);
const ANALYTICS_PORT = PORT + 1;

import {
  ANALYTICS_ID,
  FAULT_API_TIMEOUT_MS,
  FAULT_ORIGIN_PORT,
  FAULT_STOREFRONT_PORT,
  OAUTH_PROVIDER_PORT,
  QUERY_TIMEOUT_MS,
  TEST_EZPAY,
  TEST_NEWEBPAY,
  TEST_OAUTH_PROVIDER,
} from "../tests/support/servers";

// Both storefronts sign in through the stand-in provider, keep a readable mailbox (what the mail binding got) and pay through
// the stand-in gateway with NewebPay's published example credentials.
const testVars = [
  `--var 'OAUTH_PROVIDERS:${JSON.stringify([TEST_OAUTH_PROVIDER])}' --var DEV_MAILBOX:on`,
  `--var NEWEBPAY_MERCHANT_ID:${TEST_NEWEBPAY.merchantId} --var NEWEBPAY_HASH_KEY:${TEST_NEWEBPAY.hashKey}`,
  `--var NEWEBPAY_HASH_IV:${TEST_NEWEBPAY.hashIv} --var DEV_PAYMENT:on`,
  // Mail goes through the queue to wrangler's local send_email binding, which sends nothing; /_dev/mail reads it.
  "--var MAIL_FROM:store@example.com --var MAIL_RETRY_BASE_SECONDS:1",
  // Invoices are issued by the stand-in ezPay, retried after 1 s, 2 s, 4 s … when it is down.
  `--var EZPAY_MERCHANT_ID:${TEST_EZPAY.merchantId} --var EZPAY_HASH_KEY:${TEST_EZPAY.hashKey}`,
  `--var EZPAY_HASH_IV:${TEST_EZPAY.hashIv} --var DEV_EINVOICE:on --var EINVOICE_RETRY_BASE_SECONDS:1`,
].join(" ");

// Each storefront is its own SITE_URL (the links in its mail lead back to it) and its own ezPay (the stand-in), and asks its own stand-in gateway's
// QueryTradeInfo (plain http on the loopback host), within 3 s.
const siteVars = (port: number) =>
  `--var SITE_URL:http://127.0.0.1:${port} --var EZPAY_URL:http://127.0.0.1:${port}/_dev/einvoice --var NEWEBPAY_QUERY_URL:http://127.0.0.1:${port}/_dev/payment/API/QueryTradeInfo --var NEWEBPAY_TIMEOUT_MS:${QUERY_TIMEOUT_MS}`;

const server = (port: number, extra: string) => ({
  command: `node scripts/serve-built.mjs --port ${port} --persist-to .wrangler/e2e-${port} --fresh-db ${testVars} ${siteVars(port)} ${extra}`,
  url: `http://127.0.0.1:${port}/healthz`,
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  reuseExistingServer: !process.env.CI,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

const external = process.env.CONTRACT_BASE_URL;

export default defineConfig({
  testDir: "../tests",
  outputDir: "../test-results/playwright",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI machines are shared: the last CI run was 3.4 times slower than a quiet machine (29.5 against 8.7 min), and
  // tests of 9 s ran out of 30. The timeouts leave that margin; a test that fails and then passes is retried once
  // on CI and named as flaky by scripts/test.mjs, never hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "../test-results/e2e.json" }]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "zh-TW",
    timezoneId: "Asia/Taipei",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "e2e", testDir: "../tests/e2e" },
    {
      name: "contract",
      testDir: "../tests/contract",
      use: { baseURL: external || `http://127.0.0.1:${PORT}` },
    },
    // One test at a time: they switch the one stand-in origin's mode.
    ...(external
      ? []
      : [
          {
            name: "faults",
            testDir: "../tests/faults",
            workers: 1,
            fullyParallel: false,
            use: { baseURL: `http://127.0.0.1:${FAULT_STOREFRONT_PORT}` },
          },
        ]),
  ],
  webServer: external
    ? undefined
    : [
        {
          command: `node tests/support/fake-oauth-provider.mjs --port ${OAUTH_PROVIDER_PORT} --client-id ${TEST_OAUTH_PROVIDER.client_id} --client-secret ${TEST_OAUTH_PROVIDER.client_secret}`,
          url: `http://127.0.0.1:${OAUTH_PROVIDER_PORT}/healthz`,
          cwd: fileURLToPath(new URL("..", import.meta.url)),
          reuseExistingServer: !process.env.CI,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
        },
        server(PORT, ""),
        server(ANALYTICS_PORT, `--var ANALYTICS_ID:${ANALYTICS_ID}`),
        {
          command: `node tests/support/fault-origin.mjs --port ${FAULT_ORIGIN_PORT} --upstream http://127.0.0.1:${PORT}`,
          url: `http://127.0.0.1:${FAULT_ORIGIN_PORT}/healthz`,
          cwd: fileURLToPath(new URL("..", import.meta.url)),
          reuseExistingServer: !process.env.CI,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
        },
        // Its own D1 is never read (API_ORIGIN is set), so it is migrated but not seeded.
        server(
          FAULT_STOREFRONT_PORT,
          `--skip-seed --var API_ORIGIN:http://127.0.0.1:${FAULT_ORIGIN_PORT} --var API_TIMEOUT_MS:${FAULT_API_TIMEOUT_MS}`,
        ),
      ],
});
