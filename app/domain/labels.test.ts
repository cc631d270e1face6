import { describe, expect, it } from "vitest";
import { CONTRIBUTOR_ROLE_LABEL, groupContributorsByRole, PRODUCT_FORMAT_LABEL } from "./labels";

describe("catalogue labels of SPEC §3", () => {
  it("names contributor roles and formats", () => {
    expect(CONTRIBUTOR_ROLE_LABEL).toEqual({ 1: "作者", 2: "譯者", 3: "繪者", 4: "編者" });
    expect(PRODUCT_FORMAT_LABEL).toEqual({ 1: "紙書", 2: "電子書", 3: "有聲書", 4: "商品" });
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
