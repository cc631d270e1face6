import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const valid = {
  SITE_TITLE: "覺林書房",
  SITE_DESCRIPTION: "歡迎光臨",
  SITE_URL: "",
  API_ORIGIN: "",
  ANALYTICS_ID: "",
  OAUTH_PROVIDERS: "[]",
  DEV_MAILBOX: "",
  NEWEBPAY_MERCHANT_ID: "",
  NEWEBPAY_HASH_KEY: "",
  NEWEBPAY_HASH_IV: "",
  NEWEBPAY_GATEWAY_URL: "",
  DEV_PAYMENT: "",
  DB: {},
};

const newebpay = {
  NEWEBPAY_MERCHANT_ID: "MS12345678",
  NEWEBPAY_HASH_KEY: "Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f",
  NEWEBPAY_HASH_IV: "Gh7jKl0nOp3rSt6v",
};

const line = {
  id: "line",
  name: "LINE",
  client_id: "1650000000",
  client_secret: "s3cret",
  authorize_url: "https://access.line.me/oauth2/v2.1/authorize",
  token_url: "https://api.line.me/oauth2/v2.1/token",
  userinfo_url: "https://api.line.me/oauth2/v2.1/userinfo",
};

/** The error a configuration raises, or a failure when it raises none. */
function errorOf(overrides: Record<string, unknown>): ConfigError {
  try {
    parseConfig({ ...valid, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(overrides)}`);
}

describe("the worker configuration", () => {
  it("reads wrangler.toml's values into typed fields and the public site subset", () => {
    const config = parseConfig({
      ...valid,
      SITE_URL: "https://books.example.tw/",
      API_ORIGIN: " https://api.example.tw// ",
      ANALYTICS_ID: "G-ABC1234",
      OAUTH_PROVIDERS: JSON.stringify([line]),
      DEV_MAILBOX: "on",
    });
    expect(config).toMatchObject({
      siteTitle: "覺林書房",
      siteUrl: "https://books.example.tw",
      apiOrigin: "https://api.example.tw",
      analyticsId: "G-ABC1234",
      oauthProviders: [{ ...line, scope: "openid profile email" }],
      devMailbox: true,
    });
    expect(config.site).toEqual({
      siteTitle: "覺林書房",
      siteDescription: "歡迎光臨",
      siteUrl: "https://books.example.tw",
      analyticsId: "G-ABC1234",
      buildId: "test-build",
    });
    expect(JSON.stringify(config.site)).not.toContain("s3cret");
  });

  it("fills the defaults of variables that are not set", () => {
    const config = parseConfig({ SITE_DESCRIPTION: "歡迎光臨" });
    expect(config).toMatchObject({
      siteTitle: "覺林書房",
      siteUrl: "",
      apiOrigin: "",
      analyticsId: "",
      oauthProviders: [],
      devMailbox: false,
    });
    expect(parseConfig({ ...valid, OAUTH_PROVIDERS: "  " }).oauthProviders).toEqual([]);
  });

  it("reads the upstream timeouts in milliseconds, 8 seconds when not set", () => {
    expect(parseConfig({ SITE_DESCRIPTION: "歡迎光臨" })).toMatchObject({ apiTimeoutMs: 8000, oauthTimeoutMs: 8000 });
    expect(parseConfig({ ...valid, API_TIMEOUT_MS: " 1500 ", OAUTH_TIMEOUT_MS: "" })).toMatchObject({
      apiTimeoutMs: 1500,
      oauthTimeoutMs: 8000,
    });
  });

  it("reads the mail's sender, name, Reply-To and retry delay", () => {
    expect(parseConfig({ SITE_DESCRIPTION: "歡迎光臨" })).toMatchObject({
      mailFrom: "",
      mailFromName: "覺林書房",
      mailReplyTo: "",
      mailRetryBaseSeconds: 60,
    });
    expect(
      parseConfig({
        ...valid,
        MAIL_FROM: " store@books.example.tw ",
        MAIL_FROM_NAME: "覺林書房 網路書店",
        MAIL_REPLY_TO: "service@books.example.tw",
        MAIL_RETRY_BASE_SECONDS: "0",
      }),
    ).toMatchObject({
      mailFrom: "store@books.example.tw",
      mailFromName: "覺林書房 網路書店",
      mailReplyTo: "service@books.example.tw",
      mailRetryBaseSeconds: 0,
    });
    expect(errorOf({ MAIL_FROM: "store" }).issues.map((issue) => issue.variable)).toEqual(["MAIL_FROM"]);
    expect(errorOf({ MAIL_REPLY_TO: "a@b@c" }).issues.map((issue) => issue.variable)).toEqual(["MAIL_REPLY_TO"]);
    expect(errorOf({ MAIL_FROM_NAME: " " }).issues.map((issue) => issue.variable)).toEqual(["MAIL_FROM_NAME"]);
    for (const value of ["-1", "1.5", "ten", "43201"]) {
      expect(
        errorOf({ MAIL_RETRY_BASE_SECONDS: value }).issues.map((issue) => issue.variable),
        value,
      ).toEqual(["MAIL_RETRY_BASE_SECONDS"]);
    }
  });

  it("opens the development mailbox only for exactly `on`", () => {
    for (const value of ["", "off", "true", "ON", " on"]) {
      expect(parseConfig({ ...valid, DEV_MAILBOX: value }).devMailbox, value).toBe(false);
    }
    expect(parseConfig({ ...valid, DEV_MAILBOX: "on" }).devMailbox).toBe(true);
  });

  it("bypasses the API edge cache only for exactly `on`", () => {
    expect(parseConfig(valid).devApiCacheBypass).toBe(false);
    for (const value of ["", "off", "true", "ON", " on"]) {
      expect(parseConfig({ ...valid, DEV_API_CACHE_BYPASS: value }).devApiCacheBypass, value).toBe(false);
    }
    expect(parseConfig({ ...valid, DEV_API_CACHE_BYPASS: "on" }).devApiCacheBypass).toBe(true);
  });

  it("reads NewebPay's credentials and gateway; payment is off without them", () => {
    expect(
      parseConfig({ ...valid, ...newebpay, NEWEBPAY_GATEWAY_URL: "https://core.newebpay.com/MPG/mpg_gateway" }),
    ).toMatchObject({
      newebpayMerchantId: "MS12345678",
      newebpayHashKey: newebpay.NEWEBPAY_HASH_KEY,
      newebpayHashIv: newebpay.NEWEBPAY_HASH_IV,
      newebpayGatewayUrl: "https://core.newebpay.com/MPG/mpg_gateway",
      devPayment: false,
    });
    expect(parseConfig({ SITE_DESCRIPTION: "歡迎光臨" })).toMatchObject({
      newebpayMerchantId: "",
      newebpayHashKey: "",
      newebpayHashIv: "",
      newebpayGatewayUrl: "https://ccore.newebpay.com/MPG/mpg_gateway",
      newebpayQueryUrl: "https://ccore.newebpay.com/API/QueryTradeInfo",
      newebpayTimeoutMs: 8000,
      devPayment: false,
    });
    expect(JSON.stringify(parseConfig({ ...valid, ...newebpay }).site)).not.toContain(newebpay.NEWEBPAY_HASH_KEY);
  });

  it("reads ezPay's credentials and address; all three credentials or none; the stand-in only for exactly `on`", () => {
    const ezpay = {
      EZPAY_MERCHANT_ID: "34612345",
      EZPAY_HASH_KEY: "Zx3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f",
      EZPAY_HASH_IV: "Qw7jKl0nOp3rSt6v",
    };
    expect(parseConfig({ ...valid, ...ezpay, EZPAY_URL: "https://inv.ezpay.com.tw" })).toMatchObject({
      ezpayMerchantId: "34612345",
      ezpayHashKey: ezpay.EZPAY_HASH_KEY,
      ezpayHashIv: ezpay.EZPAY_HASH_IV,
      ezpayUrl: "https://inv.ezpay.com.tw",
      devEinvoice: false,
    });
    expect(parseConfig(valid)).toMatchObject({
      ezpayMerchantId: "",
      ezpayUrl: "https://cinv.ezpay.com.tw",
      ezpayTimeoutMs: 8000,
    });
    expect(parseConfig({ ...valid, EZPAY_TIMEOUT_MS: "2500" }).ezpayTimeoutMs).toBe(2500);
    expect(errorOf({ EZPAY_TIMEOUT_MS: "5" }).message).toMatch(/EZPAY_TIMEOUT_MS: must be empty or whole/);
    expect(() => parseConfig({ ...valid, EZPAY_MERCHANT_ID: "34612345" })).toThrow(
      /EZPAY_HASH_KEY: must be set together with EZPAY_MERCHANT_ID and EZPAY_HASH_IV/,
    );
    expect(() => parseConfig({ ...valid, ...ezpay, EZPAY_HASH_IV: "short" })).toThrow(/EZPAY_HASH_IV/);
    expect(() => parseConfig({ ...valid, EZPAY_URL: "http://inv.ezpay.com.tw" })).toThrow(/EZPAY_URL/);
    expect(parseConfig({ ...valid, EZPAY_URL: "http://127.0.0.1:8788/_dev/einvoice" }).ezpayUrl).toBe(
      "http://127.0.0.1:8788/_dev/einvoice",
    );
    for (const value of ["", "ON", "true"])
      expect(parseConfig({ ...valid, DEV_EINVOICE: value }).devEinvoice).toBe(false);
    expect(parseConfig({ ...valid, DEV_EINVOICE: "on" }).devEinvoice).toBe(true);
    expect(JSON.stringify(parseConfig({ ...valid, ...ezpay }).site)).not.toContain(ezpay.EZPAY_HASH_KEY);
  });

  it("takes NewebPay's addresses over https, or over http on a loopback host only (a local stand-in)", () => {
    for (const url of [
      "http://127.0.0.1:8788/_dev/payment/API/QueryTradeInfo",
      "http://localhost:9/q",
      "http://[::1]:9/q",
    ]) {
      expect(parseConfig({ ...valid, NEWEBPAY_QUERY_URL: url }).newebpayQueryUrl, url).toBe(url);
    }
    for (const url of [
      "http://core.newebpay.com/API/QueryTradeInfo",
      "http://127.0.0.1.example.com/q",
      "ftp://localhost/q",
    ]) {
      expect(errorOf({ NEWEBPAY_QUERY_URL: url }).message, url).toMatch(/NEWEBPAY_QUERY_URL: must be an https URL/);
    }
    expect(parseConfig({ ...valid, NEWEBPAY_TIMEOUT_MS: "2500" }).newebpayTimeoutMs).toBe(2500);
    expect(errorOf({ NEWEBPAY_TIMEOUT_MS: "5" }).message).toMatch(/NEWEBPAY_TIMEOUT_MS: must be empty or whole/);
  });

  it("turns the stand-in gateway on only for exactly `on`", () => {
    for (const value of ["", "off", "true", "ON", " on"]) {
      expect(parseConfig({ ...valid, DEV_PAYMENT: value }).devPayment, value).toBe(false);
    }
    expect(parseConfig({ ...valid, DEV_PAYMENT: "on" }).devPayment).toBe(true);
  });

  it("wants NewebPay's three credentials together, naming the missing ones", () => {
    const error = errorOf({ NEWEBPAY_MERCHANT_ID: "MS12345678" });
    expect(error.issues.map((issue) => issue.variable)).toEqual(["NEWEBPAY_HASH_KEY", "NEWEBPAY_HASH_IV"]);
    expect(error.message).toMatch(
      /NEWEBPAY_HASH_KEY: must be set together with NEWEBPAY_MERCHANT_ID and NEWEBPAY_HASH_IV/,
    );
    const { NEWEBPAY_HASH_IV: _omit, ...withoutIv } = newebpay;
    expect(errorOf(withoutIv).issues.map((issue) => issue.variable)).toEqual(["NEWEBPAY_HASH_IV"]);
  });

  it("never prints a secret it refuses", () => {
    for (const [variable, value] of [
      ["NEWEBPAY_HASH_KEY", "TooShortSecretKeyValue"],
      ["NEWEBPAY_HASH_KEY", `${newebpay.NEWEBPAY_HASH_KEY}X`],
      ["NEWEBPAY_HASH_IV", "IvWithSpace 1234"],
      ["NEWEBPAY_MERCHANT_ID", "MS 123"],
    ] as const) {
      const error = errorOf({ ...newebpay, [variable]: value });
      expect(error.issues.map((issue) => issue.variable)).toEqual([variable]);
      expect(error.message).toMatch(new RegExp(`${variable}: must be empty or (exactly \\d+ characters|a NewebPay)`));
      expect(error.message).not.toContain(value);
      expect(error.message).not.toContain(newebpay.NEWEBPAY_HASH_KEY);
    }
  });

  it.each([
    ["NEWEBPAY_GATEWAY_URL", "http://ccore.newebpay.com/MPG/mpg_gateway", /NEWEBPAY_GATEWAY_URL: must be an https URL/],
    ["NEWEBPAY_GATEWAY_URL", "not a url", /NEWEBPAY_GATEWAY_URL: must be an https URL/],
    ["SITE_TITLE", "  ", /SITE_TITLE: must not be empty/],
    ["SITE_DESCRIPTION", "", /SITE_DESCRIPTION: must not be empty/],
    ["SITE_DESCRIPTION", undefined, /SITE_DESCRIPTION: is not set/],
    ["SITE_URL", "books.example.tw", /SITE_URL: must be empty or an http\(s\) URL/],
    ["SITE_URL", "ftp://books.example.tw", /SITE_URL: must be empty or an http\(s\) URL/],
    ["API_ORIGIN", "not a url", /API_ORIGIN: must be empty or an http\(s\) URL/],
    ["ANALYTICS_ID", "UA-12345", /ANALYTICS_ID: must be empty or look like G-XXXXXXX/],
    ["OAUTH_PROVIDERS", "[{", /OAUTH_PROVIDERS: is not valid JSON/],
    ["OAUTH_PROVIDERS", "{}", /OAUTH_PROVIDERS: .*expected array/],
    ["OAUTH_PROVIDERS", JSON.stringify([{ ...line, token_url: "ftp://x" }]), /OAUTH_PROVIDERS\[0\]\.token_url: /],
    ["OAUTH_PROVIDERS", JSON.stringify([{ ...line, id: "LINE!" }]), /OAUTH_PROVIDERS\[0\]\.id: /],
    ["DEV_MAILBOX", 1, /DEV_MAILBOX: .*expected string/],
    ["API_TIMEOUT_MS", "8s", /API_TIMEOUT_MS: must be empty or whole milliseconds from 100 to 60000/],
    ["API_TIMEOUT_MS", "99", /API_TIMEOUT_MS: must be empty or whole milliseconds from 100 to 60000/],
    ["OAUTH_TIMEOUT_MS", "60001", /OAUTH_TIMEOUT_MS: must be empty or whole milliseconds from 100 to 60000/],
  ])("names %s when it is %j", (variable, value, message) => {
    const error = errorOf({ [variable]: value });
    expect(error.issues.map((issue) => issue.variable)).toEqual([variable]);
    expect(error.message).toMatch(/^Invalid worker configuration: /);
    expect(error.message).toMatch(message);
  });

  it("names every variable at fault at once", () => {
    const error = errorOf({ SITE_URL: "x", ANALYTICS_ID: "y" });
    expect(error.issues.map((issue) => issue.variable)).toEqual(["SITE_URL", "ANALYTICS_ID"]);
  });
});
