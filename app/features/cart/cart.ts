// SPEC §3–§5 cart rules: the cart is a map of item id to quantity.
import * as CATEGORY from "~/domain/categories";

export type CartMap = Record<string, number>;

/** The browser's localStorage key of the cart (SPEC §3: a fixed website-cart key). */
export const CART_STORAGE_KEY = "website-cart";

/** The most of one item a cart holds (the saved cart accepts 1 to 999, openapi/frontend.yaml CartMap). */
export const CART_QUANTITY_MAX = 999;

/** The most different items a cart holds (the saved cart, a summary and an order take at most 200). */
export const CART_ITEMS_MAX = 200;

/** Whether one more of `id` fits: an item already in the cart always does (up to its quantity cap). */
export const canAddToCart = (cart: CartMap, id: number) =>
  String(id) in cart || Object.keys(cart).length < CART_ITEMS_MAX;

/**
 * A stored cart as read back: only positive whole quantities under item ids survive (storage can be edited), and
 * none above what a cart holds (CART_QUANTITY_MAX), so the cart can always be saved to the account.
 */
export function parseStoredCart(text: string | null): CartMap {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value)
        .filter(
          ([id, qty]) => /^[1-9]\d{0,14}$/.test(id) && typeof qty === "number" && Number.isInteger(qty) && qty > 0,
        )
        .map(([id, qty]) => [id, Math.min(qty as number, CART_QUANTITY_MAX)]),
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

/** Paper books and goods are physical: shipped, counted in stock, ordered more than one at a time (SPEC §3, §5). */
export const isPhysicalCategory = (categoryId: number) =>
  categoryId === CATEGORY.paperBook || categoryId === CATEGORY.goods;

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

/** The most a stepper may set for an item: its cap, and never more than a cart can hold. */
export function quantityLimit(item: CartItemFacts): number {
  return Math.min(quantityCap(item), CART_QUANTITY_MAX);
}

/**
 * Adding an item increments its quantity by one, up to `most` (the item's addLimit) and what a cart can hold; a
 * quantity already above it (the stock fell since) comes down to it.
 */
export function addToCart(cart: CartMap, id: number, most: number = CART_QUANTITY_MAX): CartMap {
  return { ...cart, [id]: Math.max(1, Math.min((cart[id] ?? 0) + 1, most, CART_QUANTITY_MAX)) };
}

/** The most 加入購物車 may bring an item to: a physical item's limit (quantityLimit); a digital one is always 1. */
export function addLimit(item: CartItemFacts): number {
  return isPhysicalCategory(item.category_id) ? quantityLimit(item) : 1;
}

/** Setting a quantity of 0 (or less) removes the item. */
export function setCartQuantity(cart: CartMap, id: number, quantity: number): CartMap {
  const next = { ...cart };
  if (quantity <= 0) delete next[id];
  else next[id] = Math.min(Math.floor(quantity), CART_QUANTITY_MAX);
  return next;
}

/** The cart without the items `ids` (e.g. the ones an order took). */
export function removeFromCart(cart: CartMap, ids: readonly (number | string)[]): CartMap {
  const gone = new Set(ids.map(String));
  return Object.fromEntries(Object.entries(cart).filter(([id]) => !gone.has(id)));
}

/** The ids of `cart` that the server summary did not return: they no longer exist and leave the cart. */
export function unknownItems(cart: CartMap, summary: readonly { id: number }[]): string[] {
  const known = new Set(summary.map((item) => String(item.id)));
  return Object.keys(cart).filter((id) => !known.has(id));
}

/** How many different items the cart holds (the header's count). */
export const cartItemCount = (cart: CartMap) => Object.keys(cart).length;

/** The cart's ids in a stable order (for lookups keyed by them). */
export const cartIds = (cart: CartMap) => Object.keys(cart).sort((a, b) => Number(a) - Number(b));

/** Whether two carts hold the same items in the same quantities. */
export function sameCart(a: CartMap, b: CartMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((id) => a[id] === b[id]);
}

/** Items missing from the server summary are removed from the cart. */
export function keepKnownItems(cart: CartMap, summary: readonly { id: number }[]): CartMap {
  const known = new Set(summary.map((item) => String(item.id)));
  return Object.fromEntries(Object.entries(cart).filter(([id]) => known.has(id)));
}
