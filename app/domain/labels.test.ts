import { describe, expect, it } from "vitest";
import { ORDER_STATUS_LABEL, orderStatusLabel, PAY_TYPE_LABEL, payTypeLabel } from "../features/orders/order-labels";
import { CONTRIBUTOR_ROLE_LABEL, groupContributorsByRole, PRODUCT_FORMAT_LABEL } from "./labels";

describe("labels of SPEC §3–§4", () => {
  it("names contributor roles and formats", () => {
    expect(CONTRIBUTOR_ROLE_LABEL).toEqual({ 1: "作者", 2: "譯者", 3: "繪者", 4: "編者" });
    expect(PRODUCT_FORMAT_LABEL).toEqual({ 1: "紙書", 2: "電子書", 3: "有聲書", 4: "商品" });
  });
  it("indexes order statuses from 1 with 0 blank", () => {
    expect(ORDER_STATUS_LABEL[0]).toBe("");
    expect(ORDER_STATUS_LABEL[1]).toBe("訂單待確認");
    expect(ORDER_STATUS_LABEL[10]).toBe("全部退貨");
    expect(ORDER_STATUS_LABEL).toHaveLength(11);
  });
  it("labels pay type 7 as 專戶匯款", () => {
    expect(PAY_TYPE_LABEL[7]).toBe("專戶匯款");
  });
  it("reads a status or a pay type by number, blank for one SPEC §4 does not name", () => {
    expect(orderStatusLabel(5)).toBe("完成付款");
    expect(orderStatusLabel(0)).toBe("");
    expect(orderStatusLabel(11)).toBe("");
    expect(payTypeLabel(3)).toBe("LINE Pay");
    expect(payTypeLabel(8)).toBe("");
  });
});

describe("groupContributorsByRole", () => {
  it("orders groups by role and drops empty roles", () => {
    const groups = groupContributorsByRole([
      { name: "乙", role: 2 as const },
      { name: "甲", role: 1 as const },
      { name: "丙", role: 1 as const },
    ]);
    expect(groups.map((g) => [g.label, g.people.map((p) => p.name)])).toEqual([
      ["作者", ["甲", "丙"]],
      ["譯者", ["乙"]],
    ]);
  });
});
