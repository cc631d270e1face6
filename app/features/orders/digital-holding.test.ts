import { describe, expect, it } from "vitest";
import { holdingNotice, holdingOf, holdingRefusal } from "./digital-holding";

describe("holdingOf", () => {
  it("is null without an order that holds the item (ended, cancelled, returned)", () => {
    expect(holdingOf([])).toBeNull();
    for (const status of [2, 6, 8, 9, 10]) expect(holdingOf([{ status, order_no: "BK1" }])).toBeNull();
  });

  it("is the bookcase for an order 完成付款 (5) or 出貨完畢 (7), as /member/bookcase shows it", () => {
    expect(holdingOf([{ status: 5, order_no: "BK1" }])).toEqual({ kind: "bookcase", order_no: "BK1" });
    expect(holdingOf([{ status: 7, order_no: "BK2" }])).toEqual({ kind: "bookcase", order_no: "BK2" });
  });

  it("is a paid order for one waiting for the release (4), and an unpaid one for 1 or 3", () => {
    expect(holdingOf([{ status: 4, order_no: "BK4" }])).toEqual({ kind: "paid", order_no: "BK4" });
    expect(holdingOf([{ status: 1, order_no: "BK1" }])).toEqual({ kind: "unpaid", order_no: "BK1" });
    expect(holdingOf([{ status: 3, order_no: "BK3" }])).toEqual({ kind: "unpaid", order_no: "BK3" });
  });

  it("names the bookcase first, then a paid order, then the newest unpaid one", () => {
    const orders = [
      { status: 1, order_no: "BK-new" },
      { status: 3, order_no: "BK-old" },
    ];
    expect(holdingOf(orders)).toEqual({ kind: "unpaid", order_no: "BK-new" });
    expect(holdingOf([...orders, { status: 4, order_no: "BK4" }])?.kind).toBe("paid");
    expect(holdingOf([...orders, { status: 4, order_no: "BK4" }, { status: 5, order_no: "BK5" }])).toEqual({
      kind: "bookcase",
      order_no: "BK5",
    });
  });
});

describe("holdingRefusal", () => {
  it("names the title, and what the member can do instead", () => {
    expect(holdingRefusal("與雲相遇", { kind: "bookcase", order_no: "BK1" })).toBe(
      "《與雲相遇》已在您的書櫃，不需再次購買",
    );
    expect(holdingRefusal("與雲相遇", { kind: "unpaid", order_no: "BK2" })).toBe(
      "《與雲相遇》已在尚未付款的訂單 BK2 中，請至我的訂單付款或取消該訂單",
    );
    expect(holdingRefusal("與雲相遇", { kind: "paid", order_no: "BK3" })).toContain("BK3");
  });
});

describe("holdingNotice", () => {
  it("leads to the bookcase for a bookcase item, and to the order for one in an order", () => {
    expect(holdingNotice({ kind: "bookcase", order_no: "BK1" })).toEqual({
      text: "已在您的書櫃",
      to: "/member/bookcase",
      label: "前往我的書櫃",
    });
    expect(holdingNotice({ kind: "paid", order_no: "BK3" })).toEqual({
      text: "已在已付款的訂單 BK3 中",
      to: "/member/orders?no=BK3",
      label: "查看訂單",
    });
    expect(holdingNotice({ kind: "unpaid", order_no: "BK2" }).text).toBe("已在尚未付款的訂單 BK2 中");
  });
});
