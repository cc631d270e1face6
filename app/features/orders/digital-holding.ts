// Whether a member already has an e-book or audio book (categories 2 and 3) through an order, and so must not pay
// for it again: one rule for the bookcase (worker/api/queries/bookcase.ts), the quote and checkout that refuse such a
// line (worker/api/pricing.ts), and the cart that marks it and keeps it out of checkout (cart-line.tsx, SPEC §4).
import * as ORDER_STATUS from "~/domain/order-statuses";

/** Orders whose digital items are in the member's bookcase: 5 完成付款 and 7 出貨完畢. */
export const BOOKCASE_ORDER_STATUSES = [ORDER_STATUS.paid, ORDER_STATUS.shipped] as const;

/** A paid order waiting for a pre-order's release (4): its digital items go to the bookcase then. */
const PAID_WAITING_STATUSES: readonly number[] = [ORDER_STATUS.awaitingStock];

/** An order not paid yet that may still be (1, or 3 after a failed attempt): the member pays or cancels it. */
const UNPAID_OPEN_STATUSES: readonly number[] = [ORDER_STATUS.awaiting, ORDER_STATUS.failed];

/** Every status of an order that holds its digital items for the member (ended and returned orders do not). */
export const HOLDING_ORDER_STATUSES = [
  ...BOOKCASE_ORDER_STATUSES,
  ...PAID_WAITING_STATUSES,
  ...UNPAID_OPEN_STATUSES,
] as const;

/**
 * How the member holds a digital item: in the bookcase (`order_no` the order that put it there), paid and waiting for
 * its release, or in an order still to be paid.
 */
export interface DigitalHolding {
  kind: "bookcase" | "paid" | "unpaid";
  order_no: string;
}

/** An order of the item, as the API reads it. */
export interface HoldingOrder {
  status: number;
  order_no: string;
}

/**
 * How the member holds an item given the orders of it (newest first), or null when none holds it: the bookcase
 * first, then a paid order waiting for the release, then an order still to be paid (the newest one).
 */
export function holdingOf(orders: readonly HoldingOrder[]): DigitalHolding | null {
  const kinds = [
    ["bookcase", BOOKCASE_ORDER_STATUSES as readonly number[]],
    ["paid", PAID_WAITING_STATUSES],
    ["unpaid", UNPAID_OPEN_STATUSES],
  ] as const;
  for (const [kind, statuses] of kinds) {
    const order = orders.find((o) => statuses.includes(o.status));
    if (order) return { kind, order_no: order.order_no };
  }
  return null;
}

/** What the member can do instead of buying an item they hold this way. */
const INSTEAD: Record<DigitalHolding["kind"], string> = {
  bookcase: "不需再次購買",
  paid: "上架後將放入您的書櫃，不需再次購買",
  unpaid: "請至我的訂單付款或取消該訂單",
};

/** Why the API refuses to sell the item `title` again (code 2), in Chinese for the reader: where it is, and what to do. */
export function holdingRefusal(title: string, holding: DigitalHolding): string {
  return `《${title}》${holdingNotice(holding).text}，${INSTEAD[holding.kind]}`;
}

/**
 * What the reader is told of an item they already hold, where they can see it, and the link's words: the cart's line
 * (which adds that it stays out of checkout) and the product page (which offers no 加入購物車 for it) say the same.
 */
export function holdingNotice({ kind, order_no }: DigitalHolding): { text: string; to: string; label: string } {
  if (kind === "bookcase") return { text: "已在您的書櫃", to: "/member/bookcase", label: "前往我的書櫃" };
  const which = kind === "paid" ? "已付款" : "尚未付款";
  return { text: `已在${which}的訂單 ${order_no} 中`, to: `/member/orders?no=${order_no}`, label: "查看訂單" };
}
