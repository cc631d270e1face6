// The checkout form as first rendered (before the stored draft, the profile and the quote arrive): which groups and
// fields each category type asks for, and that every control is labelled. The browser suite checks the behaviour.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CartMap } from "~/features/cart/cart";
import type { SummaryItem } from "~/features/checkout/checkout";
import { MemoryStorage } from "~/testing/memory-storage";
import { CheckoutForm } from "./checkout-form";
import { markOrderPlaced } from "./draft-storage";

const summary: SummaryItem[] = [
  { id: 1, category_id: 1, quantity_max: 5, is_pre_order: false, price_sale: 300, readmoo_link: null },
  { id: 3, category_id: 2, quantity_max: 1, is_pre_order: false, price_sale: 200, readmoo_link: null },
];

function render(categoryType: 0 | 1, cart: CartMap = { "1": 2, "3": 1 }) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[`/cart?checkout=${categoryType}`]}>
      <CheckoutForm
        sessionKey="0123456789abcdef"
        categoryType={categoryType}
        cart={cart}
        summary={summary}
        onOrdered={() => {}}
        profile={null}
        recipients={null}
        saveRecipient={async () => true}
      />
    </MemoryRouter>,
  );
}

const legends = (html: string) => [...html.matchAll(/<legend[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("the checkout form", () => {
  it("asks a physical order for the buyer, the receiver, the invoice, a coupon and the payment", () => {
    const html = render(0);
    expect(legends(html)).toEqual(expect.arrayContaining(["訂購人", "收件資訊", "發票", "折價券", "付款方式"]));
    for (const label of [
      "收件人",
      "手機",
      "縣市",
      "鄉鎮市區",
      "地址",
      "電話類型",
      "區碼",
      "電話",
      "儲存為常用收件人",
    ]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toContain("郵遞區號");
    expect(html).toContain("金額計算中…");
  });

  it("asks a digital order for no receiver, address or phone", () => {
    const html = render(1);
    expect(legends(html)).toEqual(expect.arrayContaining(["訂購人", "發票", "折價券", "付款方式"]));
    expect(legends(html)).not.toContain("收件資訊");
    for (const name of ["receiver", "cellphone", "city", "area", "address", "tel", "area_code", "country"]) {
      expect(html).not.toContain(`name="${name}"`);
    }
  });

  it("offers SPEC §4's four payment choices and the donation to the first charity by default", () => {
    const html = render(0);
    for (const label of ["電子支付", "信用卡付款", "信用卡付款(銀聯卡)", "轉帳(僅限WebATM繳費)"]) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(html).toMatch(/name="invoice_donation" checked="" value="5617"/);
    expect(html).toMatch(/name="pay_choice" checked="" value="1"/);
  });

  it("labels every text input and select", () => {
    const html = render(0);
    const ids = [...html.matchAll(/<(?:input|select) (?![^>]*type="(?:radio|checkbox|hidden)")[^>]*id="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(ids.length).toBeGreaterThan(8);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
  });

  it("marks the required fields, for the eye beside the label and for assistive technology (required)", () => {
    const html = render(0);
    expect(html).toContain("標示 * 的欄位為必填。");
    const marked = (label: string) =>
      new RegExp(`>${label}</label><span aria-hidden="true"[^>]*data-required-mark=""[^>]*>\\*</span>`).test(html);
    const requiredControl = (name: string) =>
      [...html.matchAll(/<(?:input|select) [^>]*>/g)].some(
        ([tag]) => tag.includes(`name="${name}"`) && / required=""/.test(tag),
      );
    for (const [label, name] of [
      ["訂購人姓名", "member_name"],
      ["電子郵件", "member_email"],
      ["收件人", "receiver"],
      ["手機", "cellphone"],
      ["縣市", "city"],
      ["鄉鎮市區", "area"],
      ["地址", "address"],
    ] as const) {
      expect(marked(label), label).toBe(true);
      expect(requiredControl(name), name).toBe(true);
    }
    // The landline is optional (the 手機 is asked for), as are the others that carry no mark.
    expect(marked("區碼") || requiredControl("area_code")).toBe(false);
    expect(marked("折價券代碼") || requiredControl("coupon_code")).toBe(false);
    expect(marked("電話類型")).toBe(false);
  });

  it("says so when the cart holds nothing of the category type, and leads back to shopping", () => {
    const html = render(0, { "3": 1 });
    expect(html).toContain("購物車裡沒有可結帳的實體商品。");
    // Nothing was sent from this tab: no word of a 剛送出的訂單 (a new member has no order at all).
    expect(html).not.toContain("剛送出的訂單");
    expect(html).not.toContain('href="/member/orders"');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>繼續購物<\/a>/);
  });

  it("points to 我的訂單 when the cart is empty because this tab just placed an order (Back from the gateway)", () => {
    const session = new MemoryStorage();
    vi.stubGlobal("window", { localStorage: new MemoryStorage(), sessionStorage: session });
    try {
      // An order of the other category type says nothing of this one.
      markOrderPlaced("0123456789abcdef", 1);
      expect(render(0, { "3": 1 })).not.toContain("剛送出的訂單");
      markOrderPlaced("0123456789abcdef", 0);
      const html = render(0, { "3": 1 });
      expect(html).toContain("購物車裡沒有可結帳的實體商品。剛送出的訂單可在");
      expect(html).toContain('href="/member/orders"');
      expect(html).not.toContain("繼續購物");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
