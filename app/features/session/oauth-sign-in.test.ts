import { describe, expect, it } from "vitest";
import {
  authorizeUrl,
  callbackOutcome,
  codeChallenge,
  newAttempt,
  type OAuthAttempt,
  parseAttempt,
  parseRegistration,
  randomToken,
  sameSecret,
  serializeAttempt,
  serializeRegistration,
} from "./oauth-sign-in";

const attempt: OAuthAttempt = {
  provider: "line",
  state: "s".repeat(43),
  codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  purpose: "sign-in",
};

describe("the random values", () => {
  it("are 43 base64url characters (32 bytes) and differ every time", () => {
    const tokens = new Set(Array.from({ length: 50 }, randomToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("of an attempt are a fresh state and code_verifier", () => {
    const a = newAttempt("line");
    const b = newAttempt("line");
    expect(a.provider).toBe("line");
    expect(a.purpose).toBe("sign-in");
    expect(newAttempt("line", "link").purpose).toBe("link");
    expect(a.state).not.toBe(a.codeVerifier);
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
  });
});

describe("codeChallenge", () => {
  it("is the S256 challenge of RFC 7636 appendix B", async () => {
    expect(await codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });
});

describe("the attempt cookie", () => {
  it("reads back what was written", () => {
    const fresh = newAttempt("google");
    expect(parseAttempt(serializeAttempt(fresh))).toEqual(fresh);
  });

  it("marks a linking attempt, and only a linking attempt, with a fourth part", () => {
    expect(serializeAttempt(attempt)).toBe(`line.${attempt.state}.${attempt.codeVerifier}`);
    const linking = { ...attempt, purpose: "link" as const };
    expect(serializeAttempt(linking)).toBe(`line.${attempt.state}.${attempt.codeVerifier}.link`);
    expect(parseAttempt(serializeAttempt(linking))).toEqual(linking);
    expect(parseAttempt(`line.${attempt.state}.${attempt.codeVerifier}`)?.purpose).toBe("sign-in");
  });

  it.each([
    null,
    "",
    "line",
    `line.${"s".repeat(43)}`,
    `line.${"s".repeat(43)}.${"v".repeat(43)}.extra`,
    `line.${"s".repeat(43)}.${"v".repeat(43)}.`,
    `line.${"s".repeat(43)}.${"v".repeat(43)}.link.link`,
    `LINE.${"s".repeat(43)}.${"v".repeat(43)}`,
    `line.${"s".repeat(42)}.${"v".repeat(43)}`,
    `line.${"s".repeat(43)}.${"v".repeat(42)}+`,
  ])("refuses %j", (value) => {
    expect(parseAttempt(value)).toBeNull();
  });
});

describe("authorizeUrl", () => {
  it("adds redirect_uri, state and the S256 challenge to the published address, keeping its parameters", async () => {
    const url = new URL(
      await authorizeUrl(
        "https://access.line.me/oauth2/v2.1/authorize?response_type=code&client_id=1650000000&scope=openid%20profile",
        "https://books.example.org/oauth/login",
        attempt,
      ),
    );
    expect(url.origin + url.pathname).toBe("https://access.line.me/oauth2/v2.1/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "1650000000",
      scope: "openid profile",
      redirect_uri: "https://books.example.org/oauth/login",
      state: attempt.state,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    expect(url.href).not.toContain(attempt.codeVerifier);
  });
});

describe("sameSecret", () => {
  it("is true for equal strings only", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
    expect(sameSecret("abcd", "abc")).toBe(false);
    expect(sameSecret("", "abc")).toBe(false);
    expect(sameSecret("", "")).toBe(true);
    expect(sameSecret("狀態", "狀態")).toBe(true);
  });
});

describe("callbackOutcome", () => {
  const back = (query: string) => new URLSearchParams(query);

  it("exchanges the code when the state is this attempt's", () => {
    expect(callbackOutcome(back(`code=c0de&state=${attempt.state}`), attempt)).toEqual({
      kind: "exchange",
      provider: "line",
      code: "c0de",
      codeVerifier: attempt.codeVerifier,
      purpose: "sign-in",
    });
  });

  it("carries a linking attempt's purpose to the exchange", () => {
    const linking = { ...attempt, purpose: "link" as const };
    expect(callbackOutcome(back(`code=c0de&state=${attempt.state}`), linking)).toMatchObject({
      kind: "exchange",
      purpose: "link",
    });
  });

  it("refuses a missing or different state, or no attempt at all", () => {
    expect(callbackOutcome(back("code=c0de"), attempt)).toEqual({ kind: "bad-state" });
    expect(callbackOutcome(back(`code=c0de&state=${attempt.state}x`), attempt)).toEqual({ kind: "bad-state" });
    expect(callbackOutcome(back(`code=c0de&state=${"t".repeat(43)}`), attempt)).toEqual({ kind: "bad-state" });
    expect(callbackOutcome(back(`code=c0de&state=${attempt.state}`), null)).toEqual({ kind: "bad-state" });
    expect(callbackOutcome(back("code=c0de&state="), null)).toEqual({ kind: "bad-state" });
  });

  it("tells a declined sign-in from other provider errors", () => {
    expect(callbackOutcome(back(`error=access_denied&state=${attempt.state}`), attempt)).toEqual({
      kind: "provider-error",
      denied: true,
    });
    expect(callbackOutcome(back("error=server_error"), null)).toEqual({ kind: "provider-error", denied: false });
  });

  it("needs a code", () => {
    expect(callbackOutcome(back(`state=${attempt.state}`), attempt)).toEqual({ kind: "missing-code" });
  });
});

describe("the registration cookie", () => {
  const pending = { ticket: "t".repeat(43), email: "reader@example.com", name: "王小明", providerName: "LINE" };

  it("reads back what was written, with or without a name", () => {
    expect(parseRegistration(serializeRegistration(pending))).toEqual(pending);
    const unnamed = { ...pending, name: null };
    expect(parseRegistration(serializeRegistration(unnamed))).toEqual(unnamed);
  });

  it.each([null, "", "{", "[]", '["short","a@b",null,"LINE"]', `["${"t".repeat(43)}","no-at",null,"LINE"]`, "42"])(
    "refuses %j",
    (value) => {
      expect(parseRegistration(value)).toBeNull();
    },
  );
});
