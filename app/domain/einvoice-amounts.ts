// An order's amounts as ezPay's invoice_issue wants them (../shared/EINVOICE.md): Amt (before tax), TaxAmt and TotalAmt,
// and the items, with shipping, overseas shipping, the adjustment and the discount as items of their own.
//
// - TotalAmt is the order's total; Amt = round(TotalAmt / 1.05); TaxAmt = TotalAmt − Amt.
// - B2C items carry the prices as sold (tax included) and add up to TotalAmt.
// - B2B items carry prices before tax and add up to Amt. Each unit's ideal price is its price × 20/21; the units take
//   its floor, and the units with the largest remainders (ties: the earlier item first) take 1 more until the items
//   reach Amt (the largest-remainder method, over units). Units of one line share one remainder, so they round alike,
//   except on the one line where the extra ones run out: that line becomes two items of the same name, k units at
//   price + 1 and the rest at price. So each ItemAmt is ItemCount × ItemPrice, the counts of a line add up to its
//   quantity, and every price is within 1 of its ideal.

/** ezPay's TaxRate for 應稅 (TaxType 1), in percent. */
export const TAX_RATE = 5;

export type EinvoiceCategory = "B2C" | "B2B";

/** One line of the order: the unit price is the price it sold at, tax included. */
export interface EinvoiceLine {
  title: string;
  quantity: number;
  price: number;
}

export interface EinvoiceAmountInput {
  category: EinvoiceCategory;
  lines: readonly EinvoiceLine[];
  /** The shipping fee that applies (applicableFee: 0 when 免運, overseas or digital). */
  fee: number;
  /** discount_price, 0 or more. */
  discount: number;
  /** fee_extra, the overseas shipping (海外運費). */
  fee_extra: number;
  /** total_revise, the adjustment (金額調整); it may be negative. */
  total_revise: number;
  /** The order's total: the lines + fee − discount + fee_extra + total_revise. */
  total: number;
}

export interface EinvoiceItem {
  name: string;
  count: number;
  unit: string;
  price: number;
  amount: number;
}

export interface EinvoiceAmounts {
  Amt: number;
  TaxAmt: number;
  TotalAmt: number;
  items: EinvoiceItem[];
}

/** The order's amounts cannot make an invoice (not whole numbers, a negative total, parts not adding up). */
export class EinvoiceAmountError extends Error {
  override name = "EinvoiceAmountError";
}

/** The names the order detail shows these parts by (order-detail.tsx). */
export const ITEM_NAME = { fee: "運費", fee_extra: "海外運費", total_revise: "金額調整", discount: "折扣" } as const;
export const LINE_UNIT = "件";
/** 一式: the unit of a lump sum. */
export const LUMP_SUM_UNIT = "式";
const UNNAMED_LINE = "商品";

/** ezPay joins item lists with `|`: a title's own `|` becomes the full-width ｜. */
export function einvoiceItemName(title: string): string {
  return title.replaceAll("|", "｜").trim() || UNNAMED_LINE;
}

/**
 * round(total / 1.05) in integers: (40·total + 21) div 42 is floor(20·total/21 + 1/2). 20·total/21 is never
 * exactly a half (that would need 40·total = 21 × an odd number), so no rule for halves is needed.
 */
export function amountBeforeTax(total: number): number {
  const twice = 40 * total + 21;
  return (twice - (twice % 42)) / 42;
}

function assertWhole(value: number, what: string, min = Number.MIN_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new EinvoiceAmountError(`${what} is not a whole number ≥ ${min}: ${value}`);
}

/** The items at the prices the reader paid, tax included: the lines, then shipping, overseas shipping, adjustment, discount. */
function itemsAsSold(input: EinvoiceAmountInput): EinvoiceItem[] {
  const lump = (name: string, price: number): EinvoiceItem => ({
    name,
    count: 1,
    unit: LUMP_SUM_UNIT,
    price,
    amount: price,
  });
  const items = input.lines.map((line) => ({
    name: einvoiceItemName(line.title),
    count: line.quantity,
    unit: LINE_UNIT,
    price: line.price,
    amount: line.quantity * line.price,
  }));
  if (input.fee > 0) items.push(lump(ITEM_NAME.fee, input.fee));
  if (input.fee_extra > 0) items.push(lump(ITEM_NAME.fee_extra, input.fee_extra));
  if (input.total_revise !== 0) items.push(lump(ITEM_NAME.total_revise, input.total_revise));
  if (input.discount > 0) items.push(lump(ITEM_NAME.discount, -input.discount));
  return items;
}

/** The items before tax, adding up to exactly `amt` (the largest-remainder method over units; see the top of the file). */
function itemsBeforeTax(sold: readonly EinvoiceItem[], amt: number): EinvoiceItem[] {
  // A unit's ideal price is 20·price/21 = floor + remainder/21, remainder 0…20 (a negative price floors downward too).
  const units = sold.map((item) => {
    const twenty = 20 * item.price;
    const remainder = ((twenty % 21) + 21) % 21;
    return { floor: (twenty - remainder) / 21, remainder, raised: 0 };
  });
  let left = amt - sold.reduce((sum, item, i) => sum + item.count * (units[i]?.floor ?? 0), 0);
  const order = units.map((_, i) => i).sort((a, b) => (units[b]?.remainder ?? 0) - (units[a]?.remainder ?? 0) || a - b);
  for (const i of order) {
    const unit = units[i];
    const item = sold[i];
    if (left === 0 || !unit || !item || unit.remainder === 0) break;
    unit.raised = Math.min(left, item.count);
    left -= unit.raised;
  }
  // Σ over units of (ideal − floor) is below the number of units with a remainder, and `left` is its rounding.
  if (left !== 0) throw new EinvoiceAmountError(`the before-tax items miss Amt by ${left}`);
  return sold.flatMap((item, i) => {
    const { floor, raised } = units[i] as { floor: number; raised: number };
    const at = (count: number, price: number): EinvoiceItem => ({ ...item, count, price, amount: count * price });
    if (raised === 0) return [at(item.count, floor)];
    if (raised === item.count) return [at(item.count, floor + 1)];
    return [at(raised, floor + 1), at(item.count - raised, floor)];
  });
}

/**
 * The invoice's amounts and items for an order, or null when the order totals 0 (such an order gets no invoice).
 * Throws EinvoiceAmountError when the amounts are not whole numbers or the parts do not add up to the total.
 */
export function einvoiceAmounts(input: EinvoiceAmountInput): EinvoiceAmounts | null {
  for (const [i, line] of input.lines.entries()) {
    assertWhole(line.quantity, `line ${i}'s quantity`, 1);
    assertWhole(line.price, `line ${i}'s price`, 0);
  }
  assertWhole(input.fee, "fee", 0);
  assertWhole(input.discount, "discount", 0);
  assertWhole(input.fee_extra, "fee_extra", 0);
  assertWhole(input.total_revise, "total_revise");
  assertWhole(input.total, "total", 0);
  const sold = itemsAsSold(input);
  const sum = sold.reduce((total, item) => total + item.amount, 0);
  if (sum !== input.total) throw new EinvoiceAmountError(`the parts add up to ${sum}, not to the total ${input.total}`);
  if (input.total === 0) return null;
  const Amt = amountBeforeTax(input.total);
  return {
    Amt,
    TaxAmt: input.total - Amt,
    TotalAmt: input.total,
    items: input.category === "B2C" ? sold : itemsBeforeTax(sold, Amt),
  };
}

/** The item lists as ezPay's five `|`-joined fields. */
export function einvoiceItemFields(items: readonly EinvoiceItem[]) {
  const join = (pick: (item: EinvoiceItem) => string | number) => items.map(pick).join("|");
  return {
    ItemName: join((item) => einvoiceItemName(item.name)),
    ItemCount: join((item) => item.count),
    ItemUnit: join((item) => item.unit),
    ItemPrice: join((item) => item.price),
    ItemAmt: join((item) => item.amount),
  };
}
