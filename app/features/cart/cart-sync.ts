// A member's saved cart kept in step with the local one (SPEC §4). At start with a session and at every sign-in
// the saved cart is loaded and merged with the local one (local wins on the same id); from then on every change is
// saved, debounced, and retried with backoff until it goes through. Nothing is saved before that first load and
// merge has finished, so items saved from another device are never overwritten. Each save names the saved cart's
// version it was made over; when another device (or a checkout) has changed the saved cart since, the save is
// refused, and this device loads it again and applies its own changes to it (rebaseCart), so neither side's change
// is lost. Guests are never synced. When a load brings in items the local cart did not have, it says which
// (onMerged), once per load, so the page can tell the reader why the cart grew.
// Framework-free: the store (cart-store.ts) hands it storage and the API; the unit tests hand it fakes.
import { type CartMap, sameCart } from "~/features/cart/cart";
import { mergeCarts, rebaseCart } from "~/features/cart/cart-merge";

export interface CartSyncStatus {
  /** The saved cart of the current member is being loaded (and merged); false for a guest. */
  loading: boolean;
  /** A load or save failed and has not gone through since: the local cart is not yet in the account. */
  unsynced: boolean;
}

/** What a sign-in's merge added to the local cart, for the reader: how many items, and their titles when known. */
export interface CartMergeNotice {
  count: number;
  titles: string[];
}

/** The saved cart and its version (the API's ETag); null when the API keeps none (then saves are unconditional). */
export interface SavedCart {
  cart: CartMap;
  version: string | null;
}

export interface CartSyncDeps {
  load: () => Promise<SavedCart>;
  /** Saves `cart` over `version` (when there is one); the new version. */
  save: (cart: CartMap, version: string | null) => Promise<string | null>;
  readLocal: () => CartMap;
  writeLocal: (cart: CartMap) => void;
  onStatus: (status: CartSyncStatus) => void;
  /**
   * Whether the browser is still in the session `member` (its marker cookie). A load or save is sent only then: once
   * another member has signed in, the page must not save the first one's cart into the second one's account in the
   * moment before it takes the new session in (setMember).
   */
  inSession?: (member: string) => boolean;
  /** The saved items (id → quantity) that the merge added to the local cart; called only when there are some. */
  onMerged?: (added: CartMap) => void;
  /** Whether trying again could help (not for a refused session or a refused cart). */
  isRetryable?: (error: unknown) => boolean;
  /** Whether a save was refused because the saved cart is no longer at the version it named. */
  isStale?: (error: unknown) => boolean;
  debounceMs?: number;
  retryDelayMs?: (attempt: number) => number;
}

export const SAVE_DEBOUNCE_MS = 500;

/** 1 s, 2 s, 4 s … at most a minute between tries. */
export const backoffMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 60_000);

export interface CartSync {
  /** The session changed: null for a guest, else the member's session key (a new key loads and merges again). */
  setMember: (sessionKey: string | null) => void;
  /** The local cart changed: save it (once the first load has finished). */
  changed: () => void;
}

export function createCartSync(deps: CartSyncDeps): CartSync {
  const debounceMs = deps.debounceMs ?? SAVE_DEBOUNCE_MS;
  const retryDelay = deps.retryDelayMs ?? backoffMs;
  const isRetryable = deps.isRetryable ?? (() => true);
  const isStale = deps.isStale ?? (() => false);

  let member: string | null = null;
  // Bumped at every session change: replies and timers of an earlier session are ignored.
  let generation = 0;
  let loaded = false;
  // The saved cart as this device last read or wrote it, and its version: what a save is made over.
  let base: CartMap = {};
  let version: string | null = null;
  let dirty = false;
  let saving = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status: CartSyncStatus = { loading: false, unsynced: false };

  const report = (next: Partial<CartSyncStatus>) => {
    const merged = { ...status, ...next };
    if (merged.loading === status.loading && merged.unsynced === status.unsynced) return;
    status = merged;
    deps.onStatus(status);
  };

  const later = (run: () => void, ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };

  const failed = (error: unknown, retry: () => void) => {
    report({ unsynced: true });
    if (isRetryable(error)) later(retry, retryDelay(attempt++));
  };

  const stillMember = () => member !== null && (deps.inSession?.(member) ?? true);

  /**
   * Loads the saved cart and combines the local one with it: at the first load the two are merged (SPEC §4: local
   * wins); after a refused save, this device's changes since `base` are applied to the newer saved cart.
   */
  async function load(gen: number) {
    // Another session took the browser over: its setMember starts again.
    if (!stillMember()) return;
    try {
      const saved = await deps.load();
      if (gen !== generation) return;
      // Changes made while loading are in the local cart already, so they are in the merge too.
      const local = deps.readLocal();
      const combined = loaded ? rebaseCart(base, local, saved.cart) : mergeCarts(saved.cart, local);
      deps.writeLocal(combined);
      base = saved.cart;
      version = saved.version;
      const added = Object.fromEntries(Object.entries(combined).filter(([id]) => !(id in local)));
      if (Object.keys(added).length > 0) deps.onMerged?.(added);
      loaded = true;
      attempt = 0;
      report({ loading: false });
      if (dirty || !sameCart(combined, saved.cart)) schedule(0);
      else report({ unsynced: false });
    } catch (error) {
      if (gen !== generation) return;
      // The page goes on with the local cart; the load (and so any save) is tried again later.
      report({ loading: false });
      failed(error, () => void load(gen));
    }
  }

  function schedule(ms: number) {
    dirty = true;
    // A save under way sends the latest cart again once it is back.
    if (!saving) later(() => void save(generation), ms);
  }

  async function save(gen: number) {
    if (!stillMember()) return;
    dirty = false;
    saving = true;
    const cart = deps.readLocal();
    try {
      const saved = await deps.save(cart, version);
      if (gen !== generation) return;
      base = cart;
      version = saved;
      saving = false;
      attempt = 0;
      if (dirty) schedule(debounceMs);
      else report({ unsynced: false });
    } catch (error) {
      if (gen !== generation) return;
      saving = false;
      dirty = true;
      // Another device's change came first: take it in, then save again over it.
      if (isStale(error)) later(() => void load(gen), 0);
      else failed(error, () => void save(gen));
    }
  }

  return {
    setMember(sessionKey) {
      if (sessionKey === member) return;
      generation++;
      clearTimeout(timer);
      member = sessionKey;
      loaded = false;
      base = {};
      version = null;
      dirty = false;
      saving = false;
      attempt = 0;
      // A guest's cart is neither saved nor loaded; at sign-out the local cart stays as it is.
      report({ loading: sessionKey !== null, unsynced: false });
      if (sessionKey !== null) void load(generation);
    },
    changed() {
      if (member === null) return;
      if (!loaded) {
        dirty = true;
        return;
      }
      schedule(debounceMs);
    },
  };
}
