// What a reader is told about stock (paper books and goods; pre-orders and digital items are not limited by it).
// The product page says 庫存不足 for a few copies left and the number; the checkout is what decides.
import { isPhysicalCategory } from "../features/cart/cart";

/** At or below this many copies the page says how many are left. */
export const FEW_LEFT = 5;

export type StockNotice =
  | { kind: "pre-order"; text: "預購中" }
  | { kind: "in-stock"; text: "現貨供應" }
  | { kind: "few-left"; text: string }
  | { kind: "sold-out"; text: "暫時缺貨" };

export function stockNotice(product: { stock: number; is_pre_order: boolean; category_id: number }): StockNotice {
  if (product.is_pre_order) return { kind: "pre-order", text: "預購中" };
  if (!isPhysicalCategory(product.category_id)) return { kind: "in-stock", text: "現貨供應" };
  if (product.stock <= 0) return { kind: "sold-out", text: "暫時缺貨" };
  if (product.stock <= FEW_LEFT) return { kind: "few-left", text: `庫存不足，僅剩 ${product.stock} 件` };
  return { kind: "in-stock", text: "現貨供應" };
}
