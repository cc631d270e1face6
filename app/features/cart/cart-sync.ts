// A member's saved cart kept in step with the local one (SPEC §4). At start with a session and at every sign-in
// the saved cart is loaded and merged with the local one (local wins on the same id); from then on every change is
// saved, debounced, and retried with backoff until it goes through. Nothing is saved before that first load and
// merge has finished, so items saved from another device are never overwritten. Guests are never synced. When the
// merge brings in items the local cart did not have, it says which (onMerged), once per load, so the page can tell
// the reader why the cart grew.
// Framework-free: the store (cart-store.ts) hands it storage and the API; the unit tests hand it fakes.
import { type CartMap, mergeCarts, sameCart } from "~/features/cart/cart";

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

export interface CartSyncDeps {
  load: () => Promise<CartMap>;
  save: (cart: CartMap) => Promise<void>;
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

  let member: string | null = null;
  // Bumped at every session change: replies and timers of an earlier session are ignored.
  let generation = 0;
  let loaded = false;
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

  async function load(gen: number) {
    // Another session took the browser over: its setMember starts again.
    if (!stillMember()) return;
    try {
      const saved = await deps.load();
      if (gen !== generation) return;
      // Changes made while loading are in the local cart already, so they are in the merge too.
      const local = deps.readLocal();
      const merged = mergeCarts(saved, local);
      deps.writeLocal(merged);
      const added = Object.fromEntries(Object.entries(saved).filter(([id]) => !(id in local)));
      if (Object.keys(added).length > 0) deps.onMerged?.(added);
      loaded = true;
      attempt = 0;
      report({ loading: false });
      if (dirty || !sameCart(merged, saved)) schedule(0);
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
    try {
      await deps.save(deps.readLocal());
      if (gen !== generation) return;
      saving = false;
      attempt = 0;
      if (dirty) schedule(debounceMs);
      else report({ unsynced: false });
    } catch (error) {
      if (gen !== generation) return;
      saving = false;
      dirty = true;
      failed(error, () => void save(gen));
    }
  }

  return {
    setMember(sessionKey) {
      if (sessionKey === member) return;
      generation++;
      clearTimeout(timer);
      member = sessionKey;
      loaded = false;
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
