// Two carts made one: the sign-in's merge of the saved cart with this device's, and the rebase of this device's
// changes onto a saved cart that moved on. Used only by the member's cart sync (cart-sync.ts, loaded for members), so
// a module of its own keeps it out of every page's first load.
import { CART_ITEMS_MAX, type CartMap } from "./cart";

/**
 * At start (and at sign-in) a member's saved cart is merged with the local one; the local quantity wins on the
 * same id, and items saved from another device are kept.
 */
export function mergeCarts(saved: CartMap, local: CartMap): CartMap {
  return withinItemsMax({ ...saved, ...local }, local);
}

/**
 * `cart` cut to CART_ITEMS_MAX different items, those of `first` (what this device holds: what the reader sees)
 * kept before the others, so two carts that fit apart but not together still make a cart the account can save
 * (a save over the limit is refused, and the cart would never be in step again).
 */
function withinItemsMax(cart: CartMap, first: CartMap): CartMap {
  const ids = Object.keys(cart);
  if (ids.length <= CART_ITEMS_MAX) return cart;
  const ordered = [...ids.filter((id) => id in first), ...ids.filter((id) => !(id in first))];
  return Object.fromEntries(ordered.slice(0, CART_ITEMS_MAX).map((id) => [id, cart[id] as number]));
}

/**
 * This device's changes applied to a newer saved cart: `base` is the saved cart this device last read or wrote,
 * `local` what it holds now, `saved` what the account holds now (another device's save, or a checkout that took
 * the ordered items out). An id this device changed (added, set, or removed) takes the local value; every other id
 * takes the saved one, so another device's additions and removals are kept too.
 */
export function rebaseCart(base: CartMap, local: CartMap, saved: CartMap): CartMap {
  const result: CartMap = { ...saved };
  for (const id of new Set([...Object.keys(base), ...Object.keys(local)])) {
    if (local[id] === base[id]) continue;
    if (local[id] === undefined) delete result[id];
    else result[id] = local[id];
  }
  return withinItemsMax(result, local);
}
