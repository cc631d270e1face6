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
  DB: {},
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

  it("opens the development mailbox only for exactly `on`", () => {
    for (const value of ["", "off", "true", "ON", " on"]) {
      expect(parseConfig({ ...valid, DEV_MAILBOX: value }).devMailbox, value).toBe(false);
    }
    expect(parseConfig({ ...valid, DEV_MAILBOX: "on" }).devMailbox).toBe(true);
  });

  it.each([
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
