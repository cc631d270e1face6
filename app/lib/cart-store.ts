// The cart in the browser, one store for the whole app (useSyncExternalStore): kept in localStorage under the fixed
// key (SPEC §3), in step across tabs by the `storage` event, and saved to the member's account by cart-sync.ts.
// The server has no cart: it renders the empty, not-yet-read snapshot, and the client fills it in after hydration.
import { useEffect, useSyncExternalStore } from "react";
import { API_CODE } from "~/domain/api-codes";
import {
  addToCart,
  CART_STORAGE_KEY,
  type CartMap,
  parseStoredCart,
  removeFromCart,
  sameCart,
  setCartQuantity,
} from "~/domain/cart";
import { browserApi } from "./api/browser";
import { ApiError, unwrap } from "./api/client";
import { type CartSyncStatus, createCartSync } from "./cart-sync";

export interface CartSnapshot extends CartSyncStatus {
  cart: CartMap;
  /** The local cart has been read (always false on the server and while hydrating). */
  ready: boolean;
}

const SERVER_SNAPSHOT: CartSnapshot = { cart: {}, ready: false, loading: false, unsynced: false };

let snapshot = SERVER_SNAPSHOT;
const listeners = new Set<() => void>();

function publish(next: Partial<CartSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function readLocal(): CartMap {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return {};
  }
}

function writeLocal(cart: CartMap) {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Storage refused (private mode, quota): the cart still lives in this page.
  }
  publish({ cart, ready: true });
}

const sync = createCartSync({
  // The saved cart passes the same checks as the stored one.
  load: async () => parseStoredCart(JSON.stringify((await unwrap(browserApi.GET("/cart/cache"))) ?? {})),
  save: async (cart) => {
    // The client's middleware raises every error reply, so returning means it was saved.
    await browserApi.POST("/cart/cache", { body: cart });
  },
  readLocal,
  writeLocal,
  onStatus: (status) => publish(status),
  // An ended session (the root sends the reader to sign in) or a refused cart will not go through by retrying.
  isRetryable: (error) =>
    !(error instanceof ApiError && (error.code === API_CODE.unauthenticated || error.code === API_CODE.invalidInput)),
});

function onStorage(event: StorageEvent) {
  // Another tab changed the cart (null key: storage was cleared); that tab saves its own changes.
  if (event.key === CART_STORAGE_KEY || event.key === null) {
    const cart = readLocal();
    if (!sameCart(cart, snapshot.cart)) publish({ cart });
  }
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot(): CartSnapshot {
  if (!snapshot.ready) snapshot = { ...snapshot, cart: readLocal(), ready: true };
  return snapshot;
}

/** The cart and its sync state; re-renders on every change, in this tab or another. */
export function useCart(): CartSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER_SNAPSHOT);
}

/** Applies a change to the latest stored cart (another tab may have written since) and saves it for a member. */
function update(change: (cart: CartMap) => CartMap): CartMap {
  const current = readLocal();
  const next = change(current);
  if (!sameCart(next, current) || !sameCart(next, snapshot.cart)) {
    writeLocal(next);
    sync.changed();
  }
  return next;
}

/** The cart as stored right now (another tab may have written since the last render). */
export const readCartNow = readLocal;

/** Adds one of `id` (SPEC §4); returns the cart after the change. */
export const addCartItem = (id: number) => update((cart) => addToCart(cart, id));

/** Sets the stored quantity of `id`; 0 removes it. */
export const setCartItemQuantity = (id: number, quantity: number) =>
  update((cart) => setCartQuantity(cart, id, quantity));

/** Removes the items `ids` (unknown to the server, or taken by an order). */
export const removeCartItems = (ids: readonly (number | string)[]) => update((cart) => removeFromCart(cart, ids));

/**
 * Keeps the cart in step with the member session: loads and merges the saved cart at start with a session and at
 * every sign-in (the session key changes), stops syncing at sign-out. Mounted once, in the root.
 */
export function useCartMemberSync(sessionKey: string | null) {
  useEffect(() => sync.setMember(sessionKey), [sessionKey]);
}
