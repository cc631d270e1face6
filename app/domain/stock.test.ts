import { describe, expect, it } from "vitest";
import { FEW_LEFT, stockNotice } from "./stock";

describe("what a reader is told about stock", () => {
  it("names the copies left when few are, and says sold out at none", () => {
    expect(stockNotice({ stock: 0, is_pre_order: false, category_id: 1 })).toEqual({
      kind: "sold-out",
      text: "暫時缺貨",
    });
    expect(stockNotice({ stock: 1, is_pre_order: false, category_id: 4 }).text).toBe("庫存不足，僅剩 1 件");
    expect(stockNotice({ stock: FEW_LEFT, is_pre_order: false, category_id: 1 }).kind).toBe("few-left");
    expect(stockNotice({ stock: FEW_LEFT + 1, is_pre_order: false, category_id: 1 }).text).toBe("現貨供應");
  });

  it("never limits pre-orders or digital items by stock", () => {
    expect(stockNotice({ stock: 0, is_pre_order: true, category_id: 1 }).text).toBe("預購中");
    expect(stockNotice({ stock: 0, is_pre_order: false, category_id: 2 }).text).toBe("現貨供應");
  });
});
