import { describe, expect, it } from "vitest";
import { defaultTempOrder } from "./checkout";
import { checkoutDraftName, restoredDraft, storedDraft } from "./draft-record";

describe("the checkout draft in sessionStorage", () => {
  it("is kept per category type", () => {
    expect(checkoutDraftName(0)).not.toBe(checkoutDraftName(1));
  });

  it("comes back as typed, without the amounts (the quote gives them again)", () => {
    const draft = {
      ...defaultTempOrder(0),
      member_name: "林靜宜",
      area_type: 1 as const,
      country: "日本",
      invoice_type: 3 as const,
      invoice_company_tax: "10458574",
      pay_type: 3,
      subtotal: 900,
      fee: 80,
    };
    const back = restoredDraft(0, storedDraft(draft));
    expect(back).toEqual({ ...draft, subtotal: 0, fee: 0 });
  });

  it("keeps the category type it is read for", () => {
    const stored = storedDraft({ ...defaultTempOrder(0), member_name: "林靜宜" });
    expect(restoredDraft(1, stored)).toMatchObject({ category_type: 1, member_name: "林靜宜" });
  });

  it("drops what is not of the right kind and survives garbage", () => {
    const stored = JSON.stringify({ member_name: 5, tel_type: "手機", area_type: 3, pay_type: 3, extra: "x" });
    expect(restoredDraft(0, stored)).toEqual({ ...defaultTempOrder(0), pay_type: 3 });
    expect(restoredDraft(0, "{not json")).toEqual(defaultTempOrder(0));
    expect(restoredDraft(0, "[1]")).toEqual(defaultTempOrder(0));
    expect(restoredDraft(0, null)).toEqual(defaultTempOrder(0));
  });
});
