import { describe, expect, it } from "vitest";
import { reportableLocation, reportPageView } from "./analytics";

const view = {
  routeName: "product-id",
  path: "/product/1",
  title: "書 - 覺林書房",
  location: "https://s.test/product/1",
};

describe("reportPageView", () => {
  it("sends a page_view with the route name through gtag", () => {
    const calls: unknown[][] = [];
    const target = { gtag: (...args: unknown[]) => calls.push(args) } as unknown as Window;
    expect(reportPageView("G-TEST1234", view, target)).toBe(true);
    expect(calls).toEqual([
      ["set", { page_location: "https://s.test/product/1", page_title: "書 - 覺林書房" }],
      [
        "event",
        "page_view",
        {
          send_to: "G-TEST1234",
          route_name: "product-id",
          page_path: "/product/1",
          page_title: "書 - 覺林書房",
          page_location: "https://s.test/product/1",
        },
      ],
    ]);
  });

  it("sends nothing without an id", () => {
    const calls: unknown[] = [];
    const target = { gtag: (...args: unknown[]) => calls.push(args) } as unknown as Window;
    expect(reportPageView("", view, target)).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it("sends nothing when the tag is not loaded", () => {
    expect(reportPageView("G-TEST1234", view, {} as Window)).toBe(false);
  });
});

describe("reportPageView on a page whose address holds personal data", () => {
  it("sets the cleaned location for every later event and sends it with the page view", () => {
    const calls: unknown[][] = [];
    const target = { gtag: (...args: unknown[]) => calls.push(args) } as unknown as Window;
    reportPageView("G-TEST1234", { ...view, location: "https://s.test/search?q=reader%40example.com&page=2" }, target);
    expect(calls[0]).toEqual(["set", { page_location: "https://s.test/search?page=2", page_title: view.title }]);
    expect(calls[1]?.[2]).toMatchObject({ page_location: "https://s.test/search?page=2" });
  });
});

describe("reportableLocation", () => {
  it("drops the e-mail and order numbers a lookup puts in the address, and keeps the rest", () => {
    expect(reportableLocation("https://s.test/order-search?order_no=BK20261123-000042-7KQ3ZP&email=a%40b.tw")).toBe(
      "https://s.test/order-search",
    );
    expect(reportableLocation("https://s.test/member/orders?no=BK20261123-000042-7KQ3ZP&page=2")).toBe(
      "https://s.test/member/orders?page=2",
    );
    expect(reportableLocation("https://s.test/search?q=%E4%BD%9B%E6%95%99")).toBe(
      "https://s.test/search?q=%E4%BD%9B%E6%95%99",
    );
  });
});
