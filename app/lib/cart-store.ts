// The cart in the browser: kept in localStorage under the fixed key, saved to the member's account when signed in
// (SPEC §4). A failed save keeps the local cart as it is, so nothing is lost.
import { addToCart, CART_STORAGE_KEY, type CartMap, parseStoredCart } from "~/domain/cart";
import { browserApi } from "./api/browser";

export function readCart(): CartMap {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return {};
  }
}

function writeCart(cart: CartMap) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
}

/** Adds one of `id`; for a member the whole cart is then saved to the account. */
export async function addItemToCart(id: number, signedIn: boolean): Promise<CartMap> {
  const cart = addToCart(readCart(), id);
  writeCart(cart);
  // The client's middleware raises any error reply, so reaching the next line means it was saved.
  if (signedIn) await browserApi.POST("/cart/cache", { body: cart });
  return cart;
}
