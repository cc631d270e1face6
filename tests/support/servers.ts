// The servers of a test run (see .config/playwright.config.ts): the storefront, a second one with an analytics
// id, and a stand-in sign-in provider that both storefronts are configured with.
const PORT = Number(process.env.E2E_PORT || 8788);

export const ANALYTICS_ID = "G-E2ETEST01";
export const ANALYTICS_BASE_URL = `http://127.0.0.1:${PORT + 1}`;

export const OAUTH_PROVIDER_PORT = PORT + 2;

/**
 * The fault tests (tests/faults) run against a third storefront whose API_ORIGIN is a fault-injecting stand-in origin
 * (tests/support/fault-origin.mjs) in front of the plain storefront's API, with a short API timeout.
 */
export const STOREFRONT_BASE_URL = `http://127.0.0.1:${PORT}`;
export const FAULT_STOREFRONT_PORT = PORT + 3;
export const FAULT_ORIGIN_PORT = PORT + 4;
export const FAULT_API_TIMEOUT_MS = 2500;
const providerOrigin = `http://127.0.0.1:${OAUTH_PROVIDER_PORT}`;

/** One entry of the OAUTH_PROVIDERS variable (worker/api/oauth/providers.ts). */
export const TEST_OAUTH_PROVIDER = {
  id: "test",
  name: "測試帳號",
  client_id: "storefront-test",
  client_secret: "test-secret",
  authorize_url: `${providerOrigin}/authorize`,
  token_url: `${providerOrigin}/token`,
  userinfo_url: `${providerOrigin}/userinfo`,
};

/** NewebPay test credentials of the local runs: NewebPay's published example key and IV (PAYMENT.md), not a secret. */
/** The test storefronts' ezPay credentials, which their stand-in ezPay (/_dev/einvoice) shares. */
export const TEST_EZPAY = {
  merchantId: "EZ_LOCAL",
  hashKey: "abcdefghijklmnopqrstuvwxyz012345",
  hashIv: "abcdefghijklmnop",
};

export const TEST_NEWEBPAY = {
  merchantId: "MS_LOCAL",
  hashKey: "12345678901234567890123456789012",
  hashIv: "1234567890123456",
};

/** NEWEBPAY_TIMEOUT_MS of the test storefronts: how long the store waits for the stand-in's QueryTradeInfo. */
export const QUERY_TIMEOUT_MS = 3000;
