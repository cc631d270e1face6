import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newebpayAddressProblem, siteAndMailProblem } from "./deploy-checks.mjs";

const vars = (gateway: string, query: string) =>
  `[vars]\nNEWEBPAY_GATEWAY_URL = "${gateway}"\nNEWEBPAY_QUERY_URL = "${query}"\n`;

describe("npm run deploy's NewebPay address check", () => {
  it("refuses a production gateway with the test host's query address, set or left empty", () => {
    const production = "https://core.newebpay.com/MPG/mpg_gateway";
    expect(newebpayAddressProblem(vars(production, ""))?.what).toMatch(/ccore\.newebpay\.com\/API\/QueryTradeInfo/);
    expect(newebpayAddressProblem(vars(production, "https://ccore.newebpay.com/API/QueryTradeInfo"))).not.toBeNull();
  });

  it("refuses the test gateway with the production query address", () => {
    expect(newebpayAddressProblem(vars("", "https://core.newebpay.com/API/QueryTradeInfo"))).not.toBeNull();
  });

  it("takes both on production, or both on the test host (the defaults)", () => {
    expect(
      newebpayAddressProblem(
        vars("https://core.newebpay.com/MPG/mpg_gateway", "https://core.newebpay.com/API/QueryTradeInfo"),
      ),
    ).toBeNull();
    expect(newebpayAddressProblem(vars("", ""))).toBeNull();
  });
});

describe("npm run deploy's SITE_URL and MAIL_FROM check", () => {
  const toml = (siteUrl: string, mailFrom: string) => `[vars]\nSITE_URL = "${siteUrl}"\nMAIL_FROM = "${mailFrom}"\n`;

  it("refuses an empty or non-https SITE_URL, naming it", () => {
    expect(siteAndMailProblem(toml("", "service@books.example.tw"))?.what).toBe("SITE_URL is empty in wrangler.toml.");
    expect(siteAndMailProblem(toml("http://books.example.tw", "service@books.example.tw"))?.what).toMatch(/SITE_URL/);
    expect(siteAndMailProblem(toml("https://books.example.tw/shop", "service@books.example.tw"))).not.toBeNull();
    expect(siteAndMailProblem("[vars]\n")?.what).toMatch(/SITE_URL is empty/);
  });

  it("refuses an empty MAIL_FROM, or one that is no address", () => {
    expect(siteAndMailProblem(toml("https://books.example.tw", ""))?.what).toBe("MAIL_FROM is empty in wrangler.toml.");
    expect(siteAndMailProblem(toml("https://books.example.tw", "覺林書房"))?.what).toMatch(/MAIL_FROM/);
  });

  it("takes an https origin and an address", () => {
    expect(siteAndMailProblem(toml("https://books.example.tw", "service@books.example.tw"))).toBeNull();
  });

  it("refuses the wrangler.toml that ships (both empty: set them before deploying)", () => {
    expect(siteAndMailProblem(readFileSync("wrangler.toml", "utf8"))).not.toBeNull();
  });
});
