import { describe, expect, it } from "vitest";
import { exchangeBody, urlPathname } from "./exchange-input";

const valid = { provider: "line", code: "4ZtX9q", redirect_uri: "https://books.example.org/oauth/login" };

const hostileUris = [
  "http://[",
  "::",
  "%",
  "",
  " ",
  "http://",
  "http://a b/oauth/login",
  "https://[::1/oauth/login",
  "http://%zz/oauth/login",
  "http://\u0000/oauth/login",
  "javascript:alert(1)",
  "x".repeat(5000),
  `http://${"a".repeat(5000)}/oauth/login`,
  `https://books.example.org/oauth/login?${"%".repeat(3000)}`,
];

describe("the exchange input", () => {
  it("accepts a sign-in return address", () => {
    expect(exchangeBody.safeParse(valid).success).toBe(true);
  });

  it.each(hostileUris.map((uri) => [uri.slice(0, 40), uri]))("refuses redirect_uri %j without throwing", (_, uri) => {
    const parsed = exchangeBody.safeParse({ ...valid, redirect_uri: uri });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses another path of the site", () => {
    const parsed = exchangeBody.safeParse({ ...valid, redirect_uri: "https://books.example.org/login" });
    expect(parsed.error?.issues[0]?.message).toBe("redirect_uri 必須是本站的 /oauth/login");
  });
});

describe("urlPathname", () => {
  it("is the path of an absolute URL and null for anything else", () => {
    expect(urlPathname("https://a.example/oauth/login?x=1")).toBe("/oauth/login");
    expect(urlPathname("http://[")).toBeNull();
    expect(urlPathname("/oauth/login")).toBeNull();
  });
});

describe("the PKCE code_verifier", () => {
  it("is optional, and when given 43 to 128 unreserved characters", () => {
    expect(exchangeBody.safeParse({ ...valid, code_verifier: "a".repeat(43) }).success).toBe(true);
    expect(exchangeBody.safeParse({ ...valid, code_verifier: "A-._~9".repeat(21) }).success).toBe(true);
    for (const bad of ["a".repeat(42), "a".repeat(129), `${"a".repeat(42)}+`, `${"a".repeat(42)}=`, 42]) {
      const parsed = exchangeBody.safeParse({ ...valid, code_verifier: bad });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
