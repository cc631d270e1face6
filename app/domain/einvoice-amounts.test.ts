import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountBeforeTax,
  EinvoiceAmountError,
  type EinvoiceAmountInput,
  type EinvoiceCategory,
  type EinvoiceItem,
  einvoiceAmounts,
  einvoiceItemFields,
  einvoiceItemName,
} from "./einvoice-amounts";

const NONE = { fee: 0, discount: 0, fee_extra: 0, total_revise: 0 };
const row = (name: string, count: number, unit: string, price: number): EinvoiceItem => ({
  name,
  count,
  unit,
  price,
  amount: count * price,
});
const sum = (items: readonly EinvoiceItem[]) => items.reduce((total, item) => total + item.amount, 0);

describe("einvoiceAmounts, worked examples", () => {
  it("B2C: 550 of books and 80 of shipping, 630 in all, is 600 before tax and 30 of tax", () => {
    expect(
      einvoiceAmounts({
        category: "B2C",
        lines: [{ title: "金剛經講記", quantity: 1, price: 550 }],
        ...NONE,
        fee: 80,
        total: 630,
      }),
    ).toEqual({
      Amt: 600,
      TaxAmt: 30,
      TotalAmt: 630,
      items: [row("金剛經講記", 1, "件", 550), row("運費", 1, "式", 80)],
    });
  });

  it("B2B with shipping and a coupon: every item before tax, adding up to Amt", () => {
    // 2 × 320 + 1 × 250 + 80 shipping − 100 coupon = 870; Amt = round(870 / 1.05) = round(828.57) = 829, tax 41.
    // Ideal before-tax unit prices (× 20/21): 304.76 (×2), 238.10, 76.19, −95.24. Floors: 304, 304, 238, 76, −96 = 826,
    // 3 short of 829. Largest remainders: the two 320s (.76), then the coupon (.76, later in the list): 305, 305, −95.
    expect(
      einvoiceAmounts({
        category: "B2B",
        lines: [
          { title: "佛學概論", quantity: 2, price: 320 },
          { title: "禪門日誦", quantity: 1, price: 250 },
        ],
        ...NONE,
        fee: 80,
        discount: 100,
        total: 870,
      }),
    ).toEqual({
      Amt: 829,
      TaxAmt: 41,
      TotalAmt: 870,
      items: [
        row("佛學概論", 2, "件", 305),
        row("禪門日誦", 1, "件", 238),
        row("運費", 1, "式", 76),
        row("折扣", 1, "式", -95),
      ],
    });
  });

  it("B2B: the one line whose units the rounding only partly raises becomes two items of the same name", () => {
    // 3 × 199 + 250 + 80 − 50 = 877; Amt = round(835.24) = 835, tax 42. Ideals: 189.52 (×3), 238.10, 76.19, −47.62.
    // Floors: 567 + 238 + 76 − 48 = 833, 2 short. Largest remainders: two of the three 199s (.52): 190, 190, 189.
    expect(
      einvoiceAmounts({
        category: "B2B",
        lines: [
          { title: "心經", quantity: 3, price: 199 },
          { title: "禪門日誦", quantity: 1, price: 250 },
        ],
        ...NONE,
        fee: 80,
        discount: 50,
        total: 877,
      }),
    ).toEqual({
      Amt: 835,
      TaxAmt: 42,
      TotalAmt: 877,
      items: [
        row("心經", 2, "件", 190),
        row("心經", 1, "件", 189),
        row("禪門日誦", 1, "件", 238),
        row("運費", 1, "式", 76),
        row("折扣", 1, "式", -48),
      ],
    });
  });

  it("B2B: of units with equal remainders, the earlier one takes the rounding", () => {
    // 199 + 199 = 398; Amt = round(379.05) = 379. Ideals 189.52 each; floors 378, 1 short: the first line takes it.
    const amounts = einvoiceAmounts({
      category: "B2B",
      lines: [
        { title: "甲", quantity: 1, price: 199 },
        { title: "乙", quantity: 1, price: 199 },
      ],
      ...NONE,
      total: 398,
    });
    expect(amounts?.items).toEqual([row("甲", 1, "件", 190), row("乙", 1, "件", 189)]);
  });

  it("lists overseas shipping and a negative adjustment as items of their own", () => {
    const amounts = einvoiceAmounts({
      category: "B2C",
      lines: [{ title: "經書", quantity: 2, price: 400 }],
      fee: 0,
      discount: 0,
      fee_extra: 300,
      total_revise: -20,
      total: 1080,
    });
    expect(amounts?.items).toEqual([
      row("經書", 2, "件", 400),
      row("海外運費", 1, "式", 300),
      row("金額調整", 1, "式", -20),
    ]);
  });

  it("gives an order that totals 0 no invoice (null)", () => {
    const free = { lines: [{ title: "結緣書", quantity: 1, price: 300 }], ...NONE, discount: 300, total: 0 };
    expect(einvoiceAmounts({ category: "B2C", ...free })).toBeNull();
    expect(einvoiceAmounts({ category: "B2B", ...free })).toBeNull();
  });

  it("refuses parts that do not add up to the total, and amounts that are not whole numbers", () => {
    const order: EinvoiceAmountInput = {
      category: "B2C",
      lines: [{ title: "書", quantity: 1, price: 500 }],
      ...NONE,
      total: 500,
    };
    expect(() => einvoiceAmounts({ ...order, total: 499 })).toThrow(EinvoiceAmountError);
    expect(() => einvoiceAmounts({ ...order, total: -1, total_revise: -501 })).toThrow(EinvoiceAmountError);
    expect(() => einvoiceAmounts({ ...order, lines: [{ title: "書", quantity: 0, price: 500 }] })).toThrow(
      EinvoiceAmountError,
    );
    expect(() =>
      einvoiceAmounts({ ...order, lines: [{ title: "書", quantity: 1, price: 499.5 }], total: 499.5 }),
    ).toThrow(EinvoiceAmountError);
    expect(() => einvoiceAmounts({ ...order, discount: -10, total: 510 })).toThrow(EinvoiceAmountError);
  });
});

describe("amountBeforeTax", () => {
  it("is round(total / 1.05)", () => {
    expect([1, 21, 630, 1050, 870, 877, 100_000].map(amountBeforeTax)).toEqual([1, 20, 600, 1000, 829, 835, 95_238]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (total) => {
        expect(amountBeforeTax(total)).toBe(Math.round(total / 1.05));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("item names", () => {
  it("never hold ezPay's separator, and are never empty", () => {
    expect(einvoiceItemName("A|B||C")).toBe("A｜B｜｜C");
    expect(einvoiceItemName("  ")).toBe("商品");
    expect(einvoiceItemName(" 心經 ")).toBe("心經");
  });

  it("render as ezPay's five |-joined fields", () => {
    expect(
      einvoiceItemFields([row("心|經", 2, "件", 190), row("運費", 1, "式", 76), row("折扣", 1, "式", -48)]),
    ).toEqual({
      ItemName: "心｜經|運費|折扣",
      ItemCount: "2|1|1",
      ItemUnit: "件|式|式",
      ItemPrice: "190|76|-48",
      ItemAmt: "380|76|-48",
    });
  });
});

/** A random order as the store prices it: the discount never above the subtotal, the total never below 0. */
const orders = fc
  .record({
    lines: fc.array(
      fc.record({
        title: fc.string({
          unit: fc.oneof(fc.constantFrom("|", " ", "經"), fc.string({ minLength: 1, maxLength: 1 })),
          maxLength: 12,
        }),
        quantity: fc.integer({ min: 1, max: 20 }),
        price: fc.integer({ min: 1, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    fee: fc.oneof(fc.constant(0), fc.constant(80), fc.integer({ min: 0, max: 500 })),
    fee_extra: fc.oneof(fc.constant(0), fc.constant(300), fc.integer({ min: 0, max: 2_000 })),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    reviseShare: fc.oneof(fc.constant(0), fc.double({ min: -1, max: 1, noNaN: true })),
  })
  .map(({ lines, fee, fee_extra, discountShare, reviseShare }) => {
    const subtotal = lines.reduce((total, line) => total + line.quantity * line.price, 0);
    const discount = Math.floor(subtotal * discountShare);
    const beforeRevise = subtotal + fee - discount + fee_extra;
    // A negative adjustment at most takes the total to 0 (which then gets no invoice).
    const total_revise = Math.max(-beforeRevise, Math.round(beforeRevise * reviseShare));
    return { lines, fee, fee_extra, discount, total_revise, total: beforeRevise + total_revise };
  });

function checkInvariants(category: EinvoiceCategory, order: Omit<EinvoiceAmountInput, "category">) {
  const amounts = einvoiceAmounts({ category, ...order });
  if (order.total === 0) {
    expect(amounts).toBeNull();
    return;
  }
  if (!amounts) throw new Error("an order above 0 must get an invoice");
  const { Amt, TaxAmt, TotalAmt, items } = amounts;
  expect(TotalAmt).toBe(order.total);
  expect(Amt).toBe(Math.round(TotalAmt / 1.05));
  expect(Amt + TaxAmt).toBe(TotalAmt);
  for (const item of items) {
    expect(Number.isSafeInteger(item.count) && item.count >= 1).toBe(true);
    expect(Number.isSafeInteger(item.price)).toBe(true);
    expect(item.amount).toBe(item.count * item.price);
    expect(item.name).not.toContain("|");
    expect(item.name).not.toBe("");
  }
  expect(sum(items)).toBe(category === "B2C" ? TotalAmt : Amt);

  // The parts as sold, in order: each line (B2B: one or two items, counts adding up to its quantity), then the lumps.
  const lumps = [
    ["運費", order.fee],
    ["海外運費", order.fee_extra],
    ["金額調整", order.total_revise],
    ["折扣", -order.discount],
  ] as const;
  const expected = [
    ...order.lines.map((line) => ({
      name: einvoiceItemName(line.title),
      count: line.quantity,
      price: line.price,
      unit: "件",
    })),
    ...lumps.filter(([, price]) => price !== 0).map(([name, price]) => ({ name, count: 1, price, unit: "式" })),
  ];
  let at = 0;
  let splits = 0;
  for (const part of expected) {
    const first = items[at] as EinvoiceItem;
    const rows = first.count === part.count ? [first] : [first, items[at + 1] as EinvoiceItem];
    at += rows.length;
    splits += rows.length - 1;
    expect(rows.map((r) => [r.name, r.unit])).toEqual(rows.map(() => [part.name, part.unit]));
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(part.count);
    if (category === "B2C") expect(rows[0]?.price).toBe(part.price);
    // B2B: every unit within 1 of its ideal before-tax price, and the two items of a split line 1 apart.
    else for (const r of rows) expect(Math.abs(r.price - (part.price * 20) / 21)).toBeLessThan(1);
    if (rows.length === 2) expect((rows[0]?.price ?? 0) - (rows[1]?.price ?? 0)).toBe(1);
  }
  expect(at).toBe(items.length);
  expect(splits).toBeLessThanOrEqual(category === "B2C" ? 0 : 1);
}

describe("einvoiceAmounts, over random orders", () => {
  for (const category of ["B2C", "B2B"] as const) {
    it(`${category}: Amt + TaxAmt = TotalAmt = the total, Amt = round(TotalAmt / 1.05), items add up, each is count × price`, () => {
      fc.assert(
        fc.property(orders, (order) => checkInvariants(category, order)),
        { numRuns: 400 },
      );
      // A few hundred random orders take a second or two on a busy shared machine: no clock in this test.
    }, 60_000);
  }
});
