// What the browser keeps of a member, and when it lets go: the one rule for localStorage and sessionStorage, beside
// the per-member query keys (member-query.ts). Both follow the session key of the readable marker cookie
// (session.ts), which changes with every sign-in and sign-out.
//
// - A member's own values (the checkout draft, and whatever comes next) are stored under a key that holds the session
//   key (`memberStorageKey`), so another session can never read them, and they are dropped at sign-out, at a change
//   of session and after an order is placed. A guest stores none.
// - The cart (SPEC §3's fixed `website-cart`) is the reader's: a guest's cart is merged into the member's saved cart
//   at sign-in (SPEC §4), so it stays then. Once a member has been signed in, the local cart is theirs (merged with
//   their saved cart, and saved to their account as it changes), so when that member leaves (sign-out, session ended,
//   another member) it is emptied: the next reader of this browser starts with an empty cart, and the member finds
//   theirs again at the next sign-in. `CART_OWNER_KEY` says whose session the local cart belongs to.
// - Everything else the site stores belongs to the device, not to a person: the colour theme and background and the
//   chunk-reload guard (boot-script.ts), React Router's scroll positions.
//
// member-storage.test.ts fails when a module other than the ones it lists touches localStorage or sessionStorage, so
// the next piece of browser state is stored through this rule (or someone decides, in that list, why not).
import { CART_STORAGE_KEY } from "~/features/cart/cart";

/** Every member value's key starts so: `website-member:<session key>:<name>`. */
export const MEMBER_STORAGE_PREFIX = "website-member:";
/** The session key of the member whose cart the local cart is (absent: a guest's cart). */
export const CART_OWNER_KEY = "website-cart-owner";
/** Keys of an earlier release that held member data without the session in them: always dropped. */
const UNKEYED_MEMBER_KEYS = ["website-checkout-0", "website-checkout-1"];

/** The two stores of the browser (either may be missing or refuse: private mode, blocked storage). */
export interface BrowserStores {
  local: Storage | null;
  session: Storage | null;
}

export type StoreName = keyof BrowserStores;

/** The key of one member value; the session key is part of it. */
export function memberStorageKey(sessionKey: string, name: string): string {
  return `${MEMBER_STORAGE_PREFIX}${sessionKey}:${name}`;
}

/** The session key a stored key belongs to, or null when it is not a member value. */
function sessionOfKey(key: string): string | null {
  if (!key.startsWith(MEMBER_STORAGE_PREFIX)) return null;
  const rest = key.slice(MEMBER_STORAGE_PREFIX.length);
  const at = rest.indexOf(":");
  return at > 0 ? rest.slice(0, at) : null;
}

function keysOf(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Runs `use` on the store, as if it were empty when storage is missing or refuses. */
function attempt<T>(store: Storage | null, use: (store: Storage) => T, otherwise: T): T {
  if (!store) return otherwise;
  try {
    return use(store);
  } catch {
    return otherwise;
  }
}

/** A member value of the session `sessionKey`; nothing for a guest. */
export function readMemberValue(store: Storage | null, sessionKey: string | null, name: string): string | null {
  if (!sessionKey) return null;
  return attempt(store, (s) => s.getItem(memberStorageKey(sessionKey, name)), null);
}

/** Keeps a member value under the session `sessionKey`; a guest keeps none. */
export function writeMemberValue(store: Storage | null, sessionKey: string | null, name: string, value: string) {
  if (!sessionKey) return;
  attempt(store, (s) => s.setItem(memberStorageKey(sessionKey, name), value), undefined);
}

/** Drops one member value of the session `sessionKey`. */
export function removeMemberValue(store: Storage | null, sessionKey: string | null, name: string) {
  if (!sessionKey) return;
  attempt(store, (s) => s.removeItem(memberStorageKey(sessionKey, name)), undefined);
}

/** Drops the member values of every session but `keep` (all of them when `keep` is null). */
export function dropMemberValues(stores: BrowserStores, keep: string | null) {
  for (const store of [stores.local, stores.session]) {
    attempt(
      store,
      (s) => {
        for (const key of keysOf(s)) {
          const owner = sessionOfKey(key);
          if ((owner !== null && owner !== keep) || UNKEYED_MEMBER_KEYS.includes(key)) s.removeItem(key);
        }
      },
      undefined,
    );
  }
}

/** After an order is placed: the session's member values (the draft that became the order) go. */
export function dropSessionValues(stores: BrowserStores, sessionKey: string | null) {
  for (const store of [stores.local, stores.session]) {
    attempt(
      store,
      (s) => {
        for (const key of keysOf(s)) if (sessionKey !== null && sessionOfKey(key) === sessionKey) s.removeItem(key);
      },
      undefined,
    );
  }
}

/**
 * The browser's storage made to belong to the session `sessionKey` (null: a guest), as the page learns of it: at
 * start, at sign-in and sign-out, and when another tab or the server changed the session. Other sessions' member
 * values go; the local cart is emptied when the member it belonged to is no longer the one signed in. Returns
 * whether the cart was emptied.
 */
export function settleBrowserStorage(stores: BrowserStores, sessionKey: string | null): { cartEmptied: boolean } {
  dropMemberValues(stores, sessionKey);
  return attempt(
    stores.local,
    (local) => {
      const owner = local.getItem(CART_OWNER_KEY);
      const memberLeft = owner !== null && owner !== sessionKey;
      if (memberLeft) local.removeItem(CART_STORAGE_KEY);
      if (sessionKey === null) local.removeItem(CART_OWNER_KEY);
      else if (owner !== sessionKey) local.setItem(CART_OWNER_KEY, sessionKey);
      return { cartEmptied: memberLeft };
    },
    { cartEmptied: false },
  );
}

/** The browser's stores, each null where storage is missing or refuses to be reached. */
export function browserStores(): BrowserStores {
  const reach = (name: "localStorage" | "sessionStorage") => {
    try {
      return typeof window === "undefined" ? null : window[name];
    } catch {
      return null;
    }
  };
  return { local: reach("localStorage"), session: reach("sessionStorage") };
}
