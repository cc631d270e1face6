import { describe, expect, it } from "vitest";
import { findProvider, oauthProvidersSchema, publicProvider, signInOrigins } from "./providers";

// Reading OAUTH_PROVIDERS itself (JSON, defaults, errors naming the variable) is tested in worker/config.test.ts.
const line = {
  id: "line",
  name: "LINE",
  client_id: "1650000000",
  client_secret: "s3cret",
  authorize_url: "https://access.line.me/oauth2/v2.1/authorize",
  token_url: "https://api.line.me/oauth2/v2.1/token",
  userinfo_url: "https://api.line.me/oauth2/v2.1/userinfo",
};

describe("an OAuth provider", () => {
  it("shows the sign-in page with client id, response type and scope, and never the secret", () => {
    const [provider] = oauthProvidersSchema.parse([line]);
    if (!provider) throw new Error("no provider");
    const shown = publicProvider(provider);
    const url = new URL(shown.authorize_url);
    expect(url.origin + url.pathname).toBe(line.authorize_url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "1650000000",
      scope: "openid profile email",
    });
    expect(JSON.stringify(shown)).not.toContain("s3cret");
  });
});

describe("findProvider", () => {
  it("is the configured provider of that id, or code 2", () => {
    const providers = oauthProvidersSchema.parse([line]);
    expect(findProvider(providers, "line").name).toBe("LINE");
    expect(() => findProvider(providers, "google")).toThrow(
      expect.objectContaining({ code: 2, message: "不支援這個登入方式" }),
    );
    expect(() => findProvider([], "line")).toThrow(expect.objectContaining({ code: 2 }));
  });
});

describe("signInOrigins", () => {
  it("is each sign-in page's origin, once", () => {
    const providers = oauthProvidersSchema.parse([
      line,
      { ...line, id: "line-biz", authorize_url: "https://access.line.me/other" },
      { ...line, id: "google", authorize_url: "https://accounts.google.com/o/oauth2/v2/auth" },
    ]);
    expect(signInOrigins(providers)).toEqual(["https://access.line.me", "https://accounts.google.com"]);
    expect(signInOrigins([])).toEqual([]);
  });
});
