// Checks of `npm run deploy` that read wrangler.toml only (unit-tested in deploy-checks.test.ts).

const PRODUCTION = /^https:\/\/core\.newebpay\.com\//;
const TEST_QUERY_URL = "https://ccore.newebpay.com/API/QueryTradeInfo";

/** A [vars] value of wrangler.toml's text ("" when it is not there). */
export function tomlValue(toml, name) {
  return new RegExp(`^\\s*${name}\\s*=\\s*"([^"]*)"`, "m").exec(toml)?.[1] ?? "";
}

/**
 * A production gateway paired with the test host's QueryTradeInfo would never confirm a real payment: every paid
 * order would stay unpaid. Both NewebPay addresses move to production together. Null when they agree.
 */
export function newebpayAddressProblem(toml) {
  const gateway = tomlValue(toml, "NEWEBPAY_GATEWAY_URL");
  const query = tomlValue(toml, "NEWEBPAY_QUERY_URL") || TEST_QUERY_URL;
  if (PRODUCTION.test(gateway) === PRODUCTION.test(query)) return null;
  return {
    what: `NEWEBPAY_GATEWAY_URL is ${gateway || "NewebPay's test gateway"} but NEWEBPAY_QUERY_URL is ${query}: one is production, the other is not.`,
    todo: "set both to production (https://core.newebpay.com/MPG/mpg_gateway and https://core.newebpay.com/API/QueryTradeInfo) or both to the test host in wrangler.toml.",
  };
}
