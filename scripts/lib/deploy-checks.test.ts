import { describe, expect, it } from "vitest";
import { newebpayAddressProblem } from "./deploy-checks.mjs";

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
