import { describe, expect, it } from "vitest";
import { checkoutExclusion } from "./checkout-exclusion";

const paper = { id: 1, quantity_max: 5, category_id: 1, is_pre_order: false };

describe("checkout exclusion", () => {
  it("leaves out items with a reading link, and items of which none can be ordered", () => {
    expect(checkoutExclusion({ ...paper, category_id: 2, readmoo_link: "https://readmoo.com/x" }, 1)).toBe(
      "reading-link",
    );
    expect(checkoutExclusion({ ...paper, quantity_max: 0, readmoo_link: null }, 2)).toBe("unavailable");
    expect(checkoutExclusion({ ...paper, readmoo_link: null }, 2)).toBeNull();
  });
  it("leaves out a digital item the member already holds (a member's summary names how), and only that", () => {
    const ebook = { ...paper, category_id: 2, readmoo_link: null };
    expect(checkoutExclusion({ ...ebook, holding: { kind: "bookcase", order_no: "BK1" } }, 1)).toBe("held");
    expect(checkoutExclusion({ ...ebook, holding: { kind: "unpaid", order_no: "BK2" } }, 1)).toBe("held");
    expect(checkoutExclusion({ ...ebook, holding: null }, 1)).toBeNull();
    expect(checkoutExclusion(ebook, 1)).toBeNull();
  });
});
