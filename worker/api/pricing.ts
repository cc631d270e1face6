// Prices an order from the database with the shared domain rules (app/domain). Used by the quote and, again, by
// checkout, which refuses a payload whose amounts differ from what this computes.

import * as CATEGORY from "~/domain/categories";
import * as PAY_TYPE from "~/domain/pay-types";
import { groupThousands } from "~/domain/thousands";
import { type CartMap, effectiveQuantity, isPhysicalCategory } from "~/features/cart/cart";
import { checkoutLines, type SummaryItem } from "~/features/checkout/checkout";
import {
  DOMESTIC_FEE,
  FREE_SHIPPING_FROM,
  isPayTypeForced,
  OVERSEAS_FEE_EXTRA,
  orderTotal,
} from "~/features/checkout/totals";
import { holdingRefusal } from "~/features/orders/digital-holding";
import { invalidInput } from "./envelope";
import { digitalHoldings } from "./queries/digital-holdings";
import { countsStock, orderableQuantityMax, stockShort } from "./queries/stock";
import type { ApiDatabase, Schemas } from "./types";

interface PricedItem extends SummaryItem {
  title: string;
  stock: number;
  counts_stock: number;
}

interface PricingInput {
  category_type: 0 | 1;
  area_type: 0 | 1;
  coupon_code?: string;
  items: { id: number; quantity: number }[];
}

async function loadItems(db: ApiDatabase, ids: number[]): Promise<PricedItem[]> {
  const { results } = await db
    .prepare(
      `SELECT id, title, ${orderableQuantityMax()} AS quantity_max, category_id, is_pre_order, price_sale, readmoo_link,
              stock, ${countsStock()} AS counts_stock
         FROM products
        WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<Omit<PricedItem, "is_pre_order"> & { is_pre_order: number }>();
  return results.map((r) => ({ ...r, is_pre_order: r.is_pre_order === 1 }));
}

async function couponDiscount(
  db: ApiDatabase,
  code: string | undefined,
  subtotal: number,
  now: string,
  memberId: number | null,
) {
  const trimmed = code?.trim();
  if (!trimmed) return { discount: 0, message: null, code: null };
  const coupon = await db
    .prepare(
      `SELECT code, discount, min_subtotal, expires_at,
              EXISTS (SELECT 1 FROM coupon_uses u WHERE u.code = c.code AND u.member_id = ?2) AS used,
              max_uses IS NOT NULL AND (SELECT COUNT(*) FROM coupon_uses u WHERE u.code = c.code) >= max_uses
                AS exhausted
         FROM coupons c WHERE code = ?1`,
    )
    .bind(trimmed, memberId ?? 0)
    .first<{
      code: string;
      discount: number;
      min_subtotal: number;
      expires_at: string;
      used: number;
      exhausted: number;
    }>();
  const refused = (message: string) => ({ discount: 0, message, code: null });
  if (!coupon) return refused("查無此折價券");
  if (coupon.expires_at <= now) return refused("折價券已過期");
  // Each member may use a coupon once; a coupon may also have a cap over all members (worker/api/migrations/0015).
  if (coupon.used === 1) return refused(COUPON_USED);
  if (coupon.exhausted === 1) return refused(COUPON_EXHAUSTED);
  if (subtotal < coupon.min_subtotal) return refused(`折價券需消費滿 NT$${groupThousands(coupon.min_subtotal)}`);
  // The code as the store spells it: codes match whatever the case (COLLATE NOCASE), an order keeps the store's.
  return { discount: Math.min(coupon.discount, subtotal), message: null, code: coupon.code };
}

export const COUPON_USED = "您已使用過這張折價券";
export const COUPON_EXHAUSTED = "這張折價券已兌換完畢";

/**
 * A digital order of the member may not hold an item they already have (in their bookcase, or in an order paid or
 * still to be paid): refused with code 2, naming the first such item, by the quote and the checkout alike.
 */
export async function refuseHeldItems(
  db: ApiDatabase,
  memberId: number,
  items: readonly Pick<PricedItem, "id" | "title">[],
) {
  const held = await digitalHoldings(
    db,
    memberId,
    items.map((item) => item.id),
  );
  const item = items.find((i) => held.has(i.id));
  const holding = item && held.get(item.id);
  if (item && holding) throw invalidInput(holdingRefusal(item.title, holding));
}

/**
 * The quote for an order. With `strict`, items that the order cannot take as asked (unknown, of the other
 * category type, read on Readmoo, or over their cap) are refused with code 2 instead of being left out or capped.
 * With `memberId`, a coupon that member has used already is explained, not applied, and a digital order's item the
 * member already holds is refused, strict or not (a quote must not price what the checkout would refuse).
 */
export async function priceOrder(
  db: ApiDatabase,
  input: PricingInput,
  {
    strict = false,
    now = new Date().toISOString(),
    memberId = null,
  }: { strict?: boolean; now?: string; memberId?: number | null } = {},
): Promise<Schemas["Quote"]> {
  const ids = [...new Set(input.items.map((i) => i.id))];
  if (ids.length !== input.items.length) throw invalidInput("同一項商品只能出現一次");
  const known = await loadItems(db, ids);
  const cart: CartMap = Object.fromEntries(input.items.map((i) => [String(i.id), i.quantity]));
  if (strict) {
    // Stock first: a short item is named with what is left (code 6), not refused as over its cap.
    const short = input.items.flatMap((item) => {
      const facts = known.find((k) => k.id === item.id);
      return facts && facts.counts_stock === 1 && facts.stock < item.quantity
        ? [{ id: facts.id, title: facts.title, available: facts.stock }]
        : [];
    });
    if (short.length > 0) throw stockShort(short);
    for (const item of input.items) {
      const facts = known.find((k) => k.id === item.id);
      if (!facts) throw invalidInput("部分商品已下架，請重新確認購物車");
      if (isPhysicalCategory(facts.category_id) !== (input.category_type === CATEGORY.physicalType)) {
        throw invalidInput(`「${facts.title}」不屬於這張訂單的商品類型`);
      }
      if (facts.readmoo_link) throw invalidInput(`「${facts.title}」請至 Readmoo 閱讀，不需結帳`);
      if (effectiveQuantity(facts, item.quantity) !== item.quantity) {
        throw invalidInput(`「${facts.title}」的數量超過可購買上限`);
      }
    }
  }
  if (memberId !== null && input.category_type === CATEGORY.digitalType) await refuseHeldItems(db, memberId, known);
  const { lines, subtotal } = checkoutLines(input.category_type, cart, known);
  // Shipping is charged for a physical order with something to ship: a quote whose items are all left out (sold out,
  // digital, unknown) is NT$0, not the fee alone.
  const shipsSomething = input.category_type === CATEGORY.physicalType && lines.length > 0;
  const coupon = await couponDiscount(db, input.coupon_code, subtotal, now, memberId);
  const amounts = {
    subtotal,
    fee: shipsSomething ? DOMESTIC_FEE : 0,
    no_fee: (shipsSomething && subtotal >= FREE_SHIPPING_FROM ? 1 : 0) as 0 | 1,
    discount_price: coupon.discount,
    fee_extra: shipsSomething && input.area_type === 1 ? OVERSEAS_FEE_EXTRA : 0,
    total_revise: 0,
  };
  const total = orderTotal({ ...amounts, area_type: input.area_type, category_type: input.category_type });
  return {
    lines: lines.map((line) => ({
      ...line,
      title: known.find((k) => k.id === line.id)?.title ?? "",
      subtotal: line.price_sale * line.quantity,
    })),
    ...amounts,
    total,
    pay_type_forced: isPayTypeForced(input.area_type, total) ? PAY_TYPE.transfer : null,
    coupon_message: coupon.message,
    coupon_code: coupon.code,
  };
}
