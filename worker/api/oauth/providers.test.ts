import { describe, expect, it } from "vitest";
import { findProvider, oauthProviders, publicProvider } from "./providers";

const line = {
  id: "line",
  name: "LINE",
  client_id: "1650000000",
  client_secret: "s3cret",
  authorize_url: "https://access.line.me/oauth2/v2.1/authorize",
  token_url: "https://api.line.me/oauth2/v2.1/token",
  userinfo_url: "https://api.line.me/oauth2/v2.1/userinfo",
};

describe("OAUTH_PROVIDERS", () => {
  it("is empty when unset or blank", () => {
    expect(oauthProviders(undefined)).toEqual([]);
    expect(oauthProviders("  ")).toEqual([]);
  });

  it("reads providers and fills the default scope", () => {
    expect(oauthProviders(JSON.stringify([line]))).toEqual([{ ...line, scope: "openid profile email" }]);
  });

  it("fails loudly on a broken configuration", () => {
    expect(() => oauthProviders("[{")).toThrow(/not valid JSON/);
    expect(() => oauthProviders(JSON.stringify([{ ...line, token_url: "ftp://x" }]))).toThrow(/token_url/);
    expect(() => oauthProviders(JSON.stringify([{ ...line, id: "LINE!" }]))).toThrow(/id/);
  });

  it("shows the sign-in page with client id, response type and scope, and never the secret", () => {
    const [provider] = oauthProviders(JSON.stringify([line]));
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
    const raw = JSON.stringify([line]);
    expect(findProvider(raw, "line").name).toBe("LINE");
    expect(() => findProvider(raw, "google")).toThrow(
      expect.objectContaining({ code: 2, message: "不支援這個登入方式" }),
    );
    expect(() => findProvider(undefined, "line")).toThrow(expect.objectContaining({ code: 2 }));
  });
});
