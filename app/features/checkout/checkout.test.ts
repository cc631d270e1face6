import { describe, expect, it } from "vitest";
import { CATEGORIES_OF_TYPE } from "~/domain/categories";
import { checkoutLines, checkoutPayload, defaultTempOrder, type SummaryItem } from "./checkout";

const summary: SummaryItem[] = [
  { id: 1, category_id: 1, quantity_max: 5, is_pre_order: false, price_sale: 300, readmoo_link: null },
  { id: 2, category_id: 4, quantity_max: null, is_pre_order: false, price_sale: 150, readmoo_link: null },
  { id: 3, category_id: 2, quantity_max: 1, is_pre_order: false, price_sale: 200, readmoo_link: null },
  {
    id: 4,
    category_id: 2,
    quantity_max: 1,
    is_pre_order: false,
    price_sale: 250,
    readmoo_link: "https://readmoo.com/book/4",
  },
  { id: 5, category_id: 3, quantity_max: 1, is_pre_order: false, price_sale: 180, readmoo_link: null },
  { id: 6, category_id: 1, quantity_max: 0, is_pre_order: true, price_sale: 400, readmoo_link: null },
];
const cart = { "1": 9, "2": 2, "3": 3, "4": 1, "5": 1, "6": 0 };

describe("defaults (SPEC §3)", () => {
  it("start with 市話, domestic, 台灣, pay 1, delivery 1, invoice 1 to the first charity, carrier 1", () => {
    expect(defaultTempOrder()).toMatchObject({
      tel_type: "市話",
      area_type: 0,
      country: "台灣",
      pay_type: 1,
      delivery_type: 1,
      invoice_type: 1,
      invoice_donation: "5617",
      invoice_carrier_type: 1,
      category_type: 0,
    });
  });
});

describe("checkout lines (SPEC §4)", () => {
  it("takes categories 1 and 4 for physical orders, capped, and skips quantity 0", () => {
    expect(checkoutLines(0, cart, summary)).toEqual({
      lines: [
        { id: 1, quantity: 5, price_sale: 300 },
        { id: 2, quantity: 2, price_sale: 150 },
      ],
      subtotal: 1800,
    });
  });

  it("takes categories 2 and 3 for digital orders, one each, without external reading links", () => {
    expect(checkoutLines(1, cart, summary)).toEqual({
      lines: [
        { id: 3, quantity: 1, price_sale: 200 },
        { id: 5, quantity: 1, price_sale: 180 },
      ],
      subtotal: 380,
    });
  });

  it("leaves out a digital item the member already holds, in their bookcase or in an order (a member's summary)", () => {
    const held: SummaryItem[] = summary.map((item) =>
      item.id === 3 ? { ...item, holding: { kind: "bookcase", order_no: "BK1" } } : { ...item, holding: null },
    );
    expect(checkoutLines(1, cart, held)).toEqual({ lines: [{ id: 5, quantity: 1, price_sale: 180 }], subtotal: 180 });
    const unpaid: SummaryItem[] = summary.map((item) =>
      item.id === 5 ? { ...item, holding: { kind: "unpaid", order_no: "BK2" } } : item,
    );
    expect(checkoutLines(1, cart, unpaid).lines.map((line) => line.id)).toEqual([3]);
  });

  it("takes, of each category type, the categories CATEGORIES_OF_TYPE names (the API's SQL reads it)", () => {
    const oneOfEach: SummaryItem[] = [1, 2, 3, 4].map((category) => ({
      id: category,
      category_id: category,
      quantity_max: 1,
      is_pre_order: false,
      price_sale: 100,
      readmoo_link: null,
    }));
    const cartOfEach = { "1": 1, "2": 1, "3": 1, "4": 1 };
    for (const type of [0, 1] as const) {
      expect(checkoutLines(type, cartOfEach, oneOfEach).lines.map((line) => line.id)).toEqual(CATEGORIES_OF_TYPE[type]);
    }
  });
});

describe("checkout payload (SPEC §5)", () => {
  const lines = [{ id: 1, quantity: 2, price_sale: 300 }];
  const filled = {
    ...defaultTempOrder(),
    member_name: "林靜宜",
    member_email: "demo@example.com",
    receiver: "林靜宜",
    cellphone: "0912345678",
    area_code: "02",
    tel: "23456789",
    city: "臺北市",
    area: "中正區",
    address: "重慶南路一段 1 號",
    fee: 80,
    invoice_carrier_mobile: "/ABC1234",
    invoice_carrier_card: "AB12345678901234",
    invoice_company: "覺林文化有限公司",
    invoice_company_tax: "04595252",
  };

  it("carries the full address and phone for a domestic physical order, and the donation target", () => {
    const payload = checkoutPayload(filled, lines);
    expect(payload).toMatchObject({
      receiver: "林靜宜",
      address: "重慶南路一段 1 號",
      country: "台灣",
      cellphone: "0912345678",
      city: "臺北市",
      area: "中正區",
      tel_type: "市話",
      tel: "23456789",
      area_code: "02",
      invoice_donation: "5617",
      subtotal: 600,
      total: 680,
      pay_type: 1,
      items: [{ id: 1, quantity: 2 }],
    });
    expect(payload).not.toHaveProperty("invoice_carrier_type");
    expect(payload).not.toHaveProperty("invoice_company");
    expect(payload.coupon_code).toBe("");
  });

  it("drops city, area and tel for overseas orders, removes the fee and forces pay type 7", () => {
    const payload = checkoutPayload({ ...filled, area_type: 1, country: "日本" }, lines);
    expect(payload).toMatchObject({ address: filled.address, country: "日本", cellphone: "0912345678", total: 600 });
    for (const key of ["city", "area", "tel_type", "tel", "area_code"]) expect(payload).not.toHaveProperty(key);
    expect(payload.pay_type).toBe(7);
  });

  it("adds fee_extra and total_revise to the total", () => {
    const payload = checkoutPayload({ ...filled, area_type: 1 }, lines, { fee_extra: 300, total_revise: -50 });
    expect(payload.total).toBe(850);
  });

  it("carries no receiver, address or phone for a digital order, but keeps the draft's other fields", () => {
    const payload = checkoutPayload({ ...filled, category_type: 1 }, lines);
    const physicalOnly = [
      "receiver",
      "address",
      "country",
      "cellphone",
      "city",
      "area",
      "tel_type",
      "tel",
      "area_code",
    ];
    for (const key of physicalOnly) expect(payload).not.toHaveProperty(key);
    // A domestic physical order carries each of them.
    expect(Object.keys(checkoutPayload(filled, lines))).toEqual(expect.arrayContaining(physicalOnly));
    expect(payload).toMatchObject({ member_name: "林靜宜", coupon_code: "", total: 600 });
  });

  it("carries the carrier type, plus the barcode or card code as the carrier type needs", () => {
    const one = checkoutPayload({ ...filled, invoice_type: 2, invoice_carrier_type: 1 }, lines);
    expect(one.invoice_carrier_type).toBe(1);
    expect(one).not.toHaveProperty("invoice_carrier_mobile");
    expect(one).not.toHaveProperty("invoice_donation");
    const mobile = checkoutPayload({ ...filled, invoice_type: 2, invoice_carrier_type: 2 }, lines);
    expect(mobile).toMatchObject({ invoice_carrier_mobile: "/ABC1234" });
    expect(mobile).not.toHaveProperty("invoice_carrier_card");
    const card = checkoutPayload({ ...filled, invoice_type: 2, invoice_carrier_type: 3 }, lines);
    expect(card).toMatchObject({ invoice_carrier_card: "AB12345678901234" });
    expect(card).not.toHaveProperty("invoice_carrier_mobile");
  });

  it("carries the company name and tax id for a company invoice", () => {
    const payload = checkoutPayload({ ...filled, invoice_type: 3 }, lines);
    expect(payload).toMatchObject({ invoice_company: "覺林文化有限公司", invoice_company_tax: "04595252" });
    expect(payload).not.toHaveProperty("invoice_donation");
  });

  it("forces pay type 7 when the total is 0, and keeps a coupon code", () => {
    const payload = checkoutPayload({ ...filled, fee: 0, discount_price: 600, coupon_code: " SPRING " }, lines);
    expect(payload).toMatchObject({ total: 0, pay_type: 7, coupon_code: "SPRING" });
  });
});
