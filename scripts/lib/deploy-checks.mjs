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

/**
 * What a deployment cannot run without since it sends mail (issue 23): SITE_URL, the https address every link in a
 * mail (and the gateway's way back) leads to, and MAIL_FROM, the sender on a domain onboarded to Email Sending.
 * Empty, no order mail would be written and no mail could be sent. Null when both are set.
 */
export function siteAndMailProblem(toml) {
  const siteUrl = tomlValue(toml, "SITE_URL").trim();
  const mailFrom = tomlValue(toml, "MAIL_FROM").trim();
  if (!/^https:\/\/[^/?#\s]+\/?$/.test(siteUrl)) {
    return {
      what: siteUrl ? `SITE_URL is "${siteUrl}", not an https origin.` : "SITE_URL is empty in wrangler.toml.",
      todo: "set SITE_URL in [vars] to the store's public https address, e.g. SITE_URL = \"https://books.example.tw\": links in mail and the payment's way back use it.",
    };
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) {
    return {
      what: mailFrom ? `MAIL_FROM is "${mailFrom}", not an e-mail address.` : "MAIL_FROM is empty in wrangler.toml.",
      todo: 'set MAIL_FROM in [vars] to the sender address on the domain you onboarded to Cloudflare Email Sending (README, "Deploy to Cloudflare"), e.g. MAIL_FROM = "service@books.example.tw".',
    };
  }
  return null;
}
