// The second server of the e2e run has an analytics id (see .config/playwright.config.ts).
export const ANALYTICS_ID = "G-E2ETEST01";
export const ANALYTICS_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 8788) + 1}`;
