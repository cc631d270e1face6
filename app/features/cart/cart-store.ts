// The cart in the browser, one store for the whole app (useSyncExternalStore): kept in localStorage under the fixed
// key (SPEC §3), in step across tabs by the `storage` event, and saved to the member's account by cart-sync.ts
// (loaded with the API client only when there is a member session; see cart-account-sync.ts).
// The server has no cart: it renders the empty, not-yet-read snapshot, and the client fills it in after hydration.
import { useSyncExternalStore } from "react";
import {
  addToCart,
  CART_STORAGE_KEY,
  type CartMap,
  parseStoredCart,
  removeFromCart,
  sameCart,
  setCartQuantity,
} from "~/features/cart/cart";
import type { CartSync, CartSyncStatus } from "./cart-sync";

export interface CartSnapshot extends CartSyncStatus {
  cart: CartMap;
  /** The local cart has been read (always false on the server and while hydrating). */
  ready: boolean;
  /** What the last sign-in's merge added from the member's saved cart, as said, until the reader has been told. */
  merged: string | null;
}

const SERVER_SNAPSHOT: CartSnapshot = { cart: {}, ready: false, loading: false, unsynced: false, merged: null };

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

// The member whose cart is synced (null: a guest), and the sync once its module has loaded.
let member: string | null = null;
let sync: CartSync | null = null;
let syncLoad: Promise<CartSync> | null = null;

function loadSync(): Promise<CartSync> {
  syncLoad ??= import("./cart-account-sync").then(
    (module) => {
      sync = module.createCartAccountSync({
        readLocal,
        writeLocal,
        onStatus: (status) => publish(status),
        // A notice that arrives after sign-out is no one's.
        onMergeNotice: (notice) => {
          if (member !== null) publish({ merged: notice });
        },
      });
      return sync;
    },
    (error) => {
      // The next session change tries again; a stale build reloads through the boot script's chunk guard.
      syncLoad = null;
      throw error;
    },
  );
  return syncLoad;
}

/**
 * The session changed (session-watch.ts, once the storage rule of member-storage.ts has run, which may have emptied
 * the local cart): the cart is read again, and the sync takes the session over, loading its module first for a
 * member. At start with a session and at every sign-in the saved cart is loaded and merged; at sign-out syncing stops.
 */
export function setCartMember(sessionKey: string | null) {
  if (snapshot.ready) reread();
  member = sessionKey;
  if (snapshot.merged) publish({ merged: null });
  if (sync) {
    sync.setMember(sessionKey);
    return;
  }
  // A guest needs no sync. A member's saved cart is being loaded from now on (as the sync itself would report).
  publish({ loading: sessionKey !== null, unsynced: false });
  if (sessionKey === null) return;
  loadSync().then(
    // Changes made meanwhile are in the local cart, so the first load and merge takes them in.
    (loaded) => loaded.setMember(member),
    () => {
      if (member === sessionKey) publish({ loading: false, unsynced: true });
    },
  );
}

/** Reads the stored cart again: its readers render if it changed, or had not been read yet. */
function reread() {
  const cart = readLocal();
  if (!snapshot.ready || !sameCart(cart, snapshot.cart)) publish({ cart, ready: true });
}

function onStorage(event: StorageEvent) {
  // Another tab changed the cart (null key: storage was cleared); that tab saves its own changes.
  if (event.key === CART_STORAGE_KEY || event.key === null) reread();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  // The first readers subscribe as hydration's effects run, and until then the snapshot stays the server's: React has
  // nothing to render again inside that one task. The cart is read, and its readers render, in a task of their own.
  if (!snapshot.ready) setTimeout(reread);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The cart and its sync state; re-renders on every change, in this tab or another. */
export function useCart(): CartSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => SERVER_SNAPSHOT,
  );
}

/** Applies a change to the latest stored cart (another tab may have written since) and saves it for a member. */
function update(change: (cart: CartMap) => CartMap): CartMap {
  const current = readLocal();
  const next = change(current);
  if (!sameCart(next, current) || !sameCart(next, snapshot.cart)) {
    writeLocal(next);
    // Before the sync has loaded there is nothing to save: its first load merges the local cart anyway.
    sync?.changed();
  }
  return next;
}

/** The merge notice has been shown (and read out) and the reader has moved on: it is not said again. */
export function dismissCartMergeNotice() {
  if (snapshot.merged) publish({ merged: null });
}

/** The cart as stored right now (another tab may have written since the last render). */
export const readCartNow = readLocal;

/** Adds one of `id` (SPEC §4); returns the cart after the change. */
export const addCartItem = (id: number, most?: number) => update((cart) => addToCart(cart, id, most));

/** Sets the stored quantity of `id`; 0 removes it. */
export const setCartItemQuantity = (id: number, quantity: number) =>
  update((cart) => setCartQuantity(cart, id, quantity));

/** Removes the items `ids` (unknown to the server, or taken by an order). */
export const removeCartItems = (ids: readonly (number | string)[]) => update((cart) => removeFromCart(cart, ids));
