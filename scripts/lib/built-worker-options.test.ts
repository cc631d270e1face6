import { describe, expect, it } from "vitest";
import { builtModules, parseVars } from "./built-worker-options.mjs";

describe("builtModules", () => {
  it("lists every script of the build as a module, the entry first, and no source map", () => {
    const modules = builtModules([
      "assets/server-build-1.js",
      "assets/server-build-1.js.map",
      "index.js.map",
      "index.js",
      "assets/cart-2.js",
      "wrangler.json",
    ]);
    expect(modules).toEqual([
      { type: "ESModule", path: "index.js" },
      { type: "ESModule", path: "assets/cart-2.js" },
      { type: "ESModule", path: "assets/server-build-1.js" },
    ]);
  });

  it("writes a nested path with forward slashes", () => {
    expect(builtModules(["index.js", "assets\\route.js"]).map((m) => m.path)).toEqual(["index.js", "assets/route.js"]);
  });

  it("refuses a build without its entry", () => {
    expect(() => builtModules(["assets/a.js"])).toThrow(/index\.js is missing/);
  });
});

describe("parseVars", () => {
  it("splits at the first colon, so a URL or JSON value keeps its own", () => {
    expect(
      parseVars([
        "SITE_URL:http://127.0.0.1:8788",
        'OAUTH_PROVIDERS:[{"id":"test"}]',
        "DEV_PAYMENT:",
        "DEV_MAILBOX:on",
      ]),
    ).toEqual({
      SITE_URL: "http://127.0.0.1:8788",
      OAUTH_PROVIDERS: '[{"id":"test"}]',
      DEV_PAYMENT: "",
      DEV_MAILBOX: "on",
    });
  });

  it("refuses a pair without a name or a colon", () => {
    expect(() => parseVars(["DEV_MAILBOX"])).toThrow(/expected KEY:VALUE/);
    expect(() => parseVars([":on"])).toThrow(/expected KEY:VALUE/);
  });
});
