// SPEC §3–§5 cart rules: the cart is a map of item id to quantity.
export type CartMap = Record<string, number>;

/** The browser's localStorage key of the cart (SPEC §3: a fixed website-cart key). */
export const CART_STORAGE_KEY = "website-cart";

/** A stored cart as read back: only positive whole quantities under numeric ids survive (storage can be edited). */
export function parseStoredCart(text: string | null): CartMap {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        ([id, qty]) => /^\d{1,15}$/.test(id) && typeof qty === "number" && Number.isInteger(qty) && qty > 0,
      ),
    ) as CartMap;
  } catch {
    return {};
  }
}

/** Default cap of a pre-order item whose own quantity_max is empty or 0 (SPEC §9). */
export const PRE_ORDER_QUANTITY_MAX = 10;

export interface CartItemFacts {
  id: number;
  quantity_max: number | null;
  category_id: number;
  is_pre_order: boolean;
}

/** Categories 1 (paper books) and 4 (goods) are physical; 2 and 3 (e-books, audio books) are digital. */
export const isPhysicalCategory = (categoryId: number) => categoryId === 1 || categoryId === 4;

/**
 * The most of an item one order may hold (SPEC §5): non-pre-order items are capped at quantity_max (0 means none
 * can be ordered now; an empty value gives no number to cap at); pre-order items at quantity_max, or 10 if that is
 * empty or 0.
 */
export function quantityCap(item: CartItemFacts): number {
  if (item.is_pre_order) return item.quantity_max ? item.quantity_max : PRE_ORDER_QUANTITY_MAX;
  return item.quantity_max ?? Number.POSITIVE_INFINITY;
}

/** The quantity that counts: physical items use the stored quantity within the cap; digital ones are always 1. */
export function effectiveQuantity(item: CartItemFacts, stored: number): number {
  if (!isPhysicalCategory(item.category_id)) return 1;
  return Math.max(0, Math.min(Math.floor(stored), quantityCap(item)));
}

/** Adding an item increments its quantity by one. */
export function addToCart(cart: CartMap, id: number): CartMap {
  return { ...cart, [id]: (cart[id] ?? 0) + 1 };
}

/** Setting a quantity of 0 (or less) removes the item. */
export function setCartQuantity(cart: CartMap, id: number, quantity: number): CartMap {
  const next = { ...cart };
  if (quantity <= 0) delete next[id];
  else next[id] = Math.floor(quantity);
  return next;
}

/** Items missing from the server summary are removed from the cart. */
export function keepKnownItems(cart: CartMap, summary: readonly { id: number }[]): CartMap {
  const known = new Set(summary.map((item) => String(item.id)));
  return Object.fromEntries(Object.entries(cart).filter(([id]) => known.has(id)));
}

/** At start a member's saved cart is merged with the local one; the local quantity wins. */
export function mergeCarts(saved: CartMap, local: CartMap): CartMap {
  return { ...saved, ...local };
}
