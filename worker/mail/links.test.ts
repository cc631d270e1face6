import { describe, expect, it } from "vitest";
import { PAGES } from "~/pages";
import { orderPagePath, pagePath, payAgainPath } from "./links";

describe("mail links", () => {
  it("takes the pages' paths from the page registry", () => {
    expect(pagePath("member-bookcase")).toBe(PAGES["member-bookcase"].path);
    expect(pagePath("instructions-customer-service")).toBe("/instructions/customer-service");
  });

  it("links an order's page and its 重新付款 by the order number alone", () => {
    expect(orderPagePath("BK20261123-000042-7KQ3ZP")).toBe("/member/orders?no=BK20261123-000042-7KQ3ZP");
    expect(payAgainPath("BK20261123-000042-7KQ3ZP")).toBe("/order-complete?order_no=BK20261123-000042-7KQ3ZP");
  });

  it("encodes what it puts in the query", () => {
    expect(orderPagePath("a&b=c d")).toBe("/member/orders?no=a%26b%3Dc+d");
  });
});
