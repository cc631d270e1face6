import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartMap } from "~/features/cart/cart";
import { type CartSyncStatus, createCartSync } from "./cart-sync";

/** The account behind a fake API: the saved cart and its version, which every save raises (as the API's ETag). */
interface Account {
  saved: CartMap;
  version: number;
}

/**
 * A device: its local cart, the account's saved cart behind a fake API (shared with another device when `account`
 * is given), and what the sync reported. A save over another version than the account's is refused as stale.
 */
function device(local: CartMap, saved: CartMap, account: Account = { saved: { ...saved }, version: 1 }) {
  // The session key in the browser's marker cookie; undefined: whichever member the sync was handed.
  const state: { local: CartMap; saved: CartMap; marker?: string | null } = {
    local: { ...local },
    get saved() {
      return account.saved;
    },
    set saved(cart: CartMap) {
      account.saved = cart;
      account.version++;
    },
  };
  const saves: CartMap[] = [];
  const statuses: CartSyncStatus[] = [];
  const merges: CartMap[] = [];
  let loadGate: Promise<void> = Promise.resolve();
  let failSaves = 0;
  const sync = createCartSync({
    load: async () => {
      await loadGate;
      return { cart: { ...account.saved }, version: String(account.version) };
    },
    save: async (cart, version) => {
      if (failSaves > 0) {
        failSaves--;
        throw new Error("網路錯誤");
      }
      if (version !== null && version !== String(account.version)) throw new Error("stale");
      saves.push({ ...cart });
      state.saved = { ...cart };
      return String(account.version);
    },
    readLocal: () => ({ ...state.local }),
    writeLocal: (cart) => {
      state.local = { ...cart };
    },
    onStatus: (status) => statuses.push(status),
    inSession: (member) => state.marker === undefined || state.marker === member,
    onMerged: (added) => merges.push(added),
    isStale: (error) => error instanceof Error && error.message === "stale",
    debounceMs: 500,
    retryDelayMs: (attempt) => 1000 * 2 ** attempt,
  });
  return {
    sync,
    state,
    saves,
    statuses,
    merges,
    /** Holds the load until the returned function is called. */
    holdLoad() {
      let release = () => {};
      loadGate = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    failNextSaves(n: number) {
      failSaves = n;
    },
    /** A change made on this device (as the store makes it: local first, then tell the sync). */
    change(next: CartMap) {
      state.local = next;
      sync.changed();
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("what the merge added", () => {
  it("names the saved items the local cart did not have, once, and nothing when it added none", async () => {
    // NT$550 of a guest's book, and the member's two saved ones: the two are what was added.
    const d = device({ "12": 1 }, { "11": 2, "12": 3, "13": 1 });
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(d.merges).toEqual([{ "11": 2, "13": 1 }]);
    d.change({ ...d.state.local, "14": 1 });
    await vi.runAllTimersAsync();
    expect(d.merges).toHaveLength(1);

    const same = device({ "11": 2 }, { "11": 5 });
    same.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(same.merges).toEqual([]);
  });

  it("is not reported for a session that changed while loading", async () => {
    const d = device({}, { "11": 1 });
    const release = d.holdLoad();
    d.sync.setMember("member-1");
    d.sync.setMember(null);
    release();
    await vi.runAllTimersAsync();
    expect(d.merges).toEqual([]);
  });
});

describe("a member's cart at sign-in", () => {
  it("{A:2} saved and {B:1} local gives both, locally and in the account", async () => {
    const d = device({ "12": 1 }, { "11": 2 });
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(d.state.local).toEqual({ "11": 2, "12": 1 });
    expect(d.state.saved).toEqual({ "11": 2, "12": 1 });
  });

  it("{A:1} local over {A:2} saved gives 1", async () => {
    const d = device({ "11": 1 }, { "11": 2 });
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(d.state.local).toEqual({ "11": 1 });
    expect(d.state.saved).toEqual({ "11": 1 });
  });

  it("saves nothing when the merge is what the account holds already", async () => {
    const d = device({}, { "11": 2 });
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(d.state.local).toEqual({ "11": 2 });
    expect(d.saves).toEqual([]);
    expect(d.statuses.at(-1)).toEqual({ loading: false, unsynced: false });
  });

  it("saves nothing before the first load: a change while loading is merged, not written over the saved cart", async () => {
    const d = device({}, { "11": 2 });
    const release = d.holdLoad();
    d.sync.setMember("member-1");
    d.change({ "12": 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(d.saves).toEqual([]);
    expect(d.statuses.at(-1)).toEqual({ loading: true, unsynced: false });
    release();
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([{ "11": 2, "12": 1 }]);
    expect(d.state.local).toEqual({ "11": 2, "12": 1 });
  });

  it("loads and merges again when another member signs in, and never for a guest", async () => {
    const d = device({ "12": 1 }, { "11": 2 });
    d.sync.setMember(null);
    d.change({ "12": 2 });
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([]);
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([{ "11": 2, "12": 2 }]);
    d.state.saved = { "30": 1 };
    d.sync.setMember("member-2");
    await vi.runAllTimersAsync();
    expect(d.saves.at(-1)).toEqual({ "11": 2, "12": 2, "30": 1 });
  });

  it("keeps the local cart as it is at sign-out, and drops a save still waiting for the old session", async () => {
    const d = device({}, {});
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    d.change({ "11": 1 });
    d.sync.setMember(null);
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([]);
    expect(d.state.local).toEqual({ "11": 1 });
  });
});

describe("saving changes", () => {
  it("debounces: several quick changes make one save of the latest cart", async () => {
    const d = device({}, {});
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    d.change({ "11": 1 });
    await vi.advanceTimersByTimeAsync(200);
    d.change({ "11": 2 });
    await vi.advanceTimersByTimeAsync(200);
    d.change({ "11": 3 });
    await vi.advanceTimersByTimeAsync(499);
    expect(d.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.saves).toEqual([{ "11": 3 }]);
  });

  it("a failed save keeps the cart, says so, and retries with backoff until it goes through", async () => {
    const d = device({}, {});
    d.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    d.failNextSaves(2);
    d.change({ "11": 2 });
    await vi.advanceTimersByTimeAsync(500);
    expect(d.statuses.at(-1)).toEqual({ loading: false, unsynced: true });
    expect(d.state.local).toEqual({ "11": 2 });
    await vi.advanceTimersByTimeAsync(1000); // first retry fails too
    expect(d.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(d.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1); // second retry, 2 s later, goes through
    expect(d.saves).toEqual([{ "11": 2 }]);
    expect(d.statuses.at(-1)).toEqual({ loading: false, unsynced: false });
  });

  it("a failed load keeps the local cart, saves nothing, and loads again later", async () => {
    const d = device({ "12": 1 }, { "11": 2 });
    let fail = true;
    const sync = createCartSync({
      load: async () => {
        if (fail) throw new Error("網路錯誤");
        return { cart: { ...d.state.saved }, version: null };
      },
      save: async (cart) => {
        d.saves.push(cart);
        return null;
      },
      readLocal: () => d.state.local,
      writeLocal: (cart) => {
        d.state.local = cart;
      },
      onStatus: (status) => d.statuses.push(status),
    });
    sync.setMember("member-1");
    await vi.advanceTimersByTimeAsync(0);
    sync.changed();
    await vi.advanceTimersByTimeAsync(600);
    expect(d.statuses.at(-1)).toEqual({ loading: false, unsynced: true });
    expect(d.saves).toEqual([]);
    fail = false;
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([{ "11": 2, "12": 1 }]);
    expect(d.statuses.at(-1)).toEqual({ loading: false, unsynced: false });
  });

  it("does not retry what cannot succeed (e.g. an ended session)", async () => {
    const saves: CartMap[] = [];
    const sync = createCartSync({
      load: async () => ({ cart: {}, version: null }),
      save: async () => {
        saves.push({});
        throw new Error("請先登入");
      },
      readLocal: () => ({ "11": 1 }),
      writeLocal: () => {},
      onStatus: () => {},
      isRetryable: () => false,
    });
    sync.setMember("member-1");
    await vi.runAllTimersAsync();
    expect(saves).toHaveLength(1);
  });
});

describe("another member signing in on the same device", () => {
  it("never gets the first member's cart saved into their account before the page takes their session in", async () => {
    const d = device({}, { "11": 1 });
    d.sync.setMember("member-a");
    await vi.runAllTimersAsync();
    d.change({ "11": 1, "12": 3 });
    // Member B signs in: the marker cookie is B's before the page hands the sync the new session.
    d.state.marker = "member-b";
    await vi.runAllTimersAsync();
    expect(d.saves).toEqual([]);
    // The page takes B in (the storage rule emptied the local cart): B's saved cart is loaded, nothing of A's.
    d.state.local = {};
    d.state.saved = { "40": 1 };
    d.sync.setMember("member-b");
    await vi.runAllTimersAsync();
    expect(d.state.local).toEqual({ "40": 1 });
    expect(d.saves).toEqual([]);
  });

  it("does not load a member's saved cart once the browser is in another session", async () => {
    const d = device({ "12": 1 }, { "11": 2 });
    d.state.marker = "member-b";
    d.sync.setMember("member-a");
    await vi.runAllTimersAsync();
    expect(d.state.local).toEqual({ "12": 1 });
    expect(d.saves).toEqual([]);
  });
});

describe("two devices of one member", () => {
  /** Both devices signed in and loaded, on one account holding `saved`. */
  async function twoDevices(saved: CartMap) {
    const account: Account = { saved: { ...saved }, version: 1 };
    const a = device({}, saved, account);
    const b = device({}, saved, account);
    a.sync.setMember("member-1");
    b.sync.setMember("member-1");
    await vi.runAllTimersAsync();
    return { account, a, b };
  }

  it("a save over a cart the other device changed since loses neither change", async () => {
    const { account, a, b } = await twoDevices({ "11": 1, "12": 1 });
    a.change({ ...a.state.local, "13": 2 });
    await vi.runAllTimersAsync();
    // B still holds the cart as it loaded it; it changes one quantity and saves over the old version: refused,
    // then loaded again, with A's book taken in and B's quantity kept.
    b.change({ ...b.state.local, "11": 4 });
    await vi.runAllTimersAsync();
    expect(account.saved).toEqual({ "11": 4, "12": 1, "13": 2 });
    expect(b.state.local).toEqual({ "11": 4, "12": 1, "13": 2 });
    expect(b.merges.at(-1)).toEqual({ "13": 2 });
    expect(b.statuses.at(-1)).toEqual({ loading: false, unsynced: false });
  });

  it("keeps what the other device removed removed, and what this one removed too", async () => {
    const { account, a, b } = await twoDevices({ "11": 1, "12": 1, "13": 1 });
    const { "11": _gone, ...withoutEleven } = a.state.local;
    a.change(withoutEleven);
    await vi.runAllTimersAsync();
    const { "12": _alsoGone, ...withoutTwelve } = b.state.local;
    b.change(withoutTwelve);
    await vi.runAllTimersAsync();
    expect(account.saved).toEqual({ "13": 1 });
    expect(b.state.local).toEqual({ "13": 1 });
  });

  it("does not bring back what a checkout took out of the saved cart", async () => {
    const { account, b } = await twoDevices({ "11": 1, "12": 1 });
    // An order placed elsewhere took 11 out (and raised the version); B then adds a book.
    account.saved = { "12": 1 };
    account.version++;
    b.change({ ...b.state.local, "14": 1 });
    await vi.runAllTimersAsync();
    expect(account.saved).toEqual({ "12": 1, "14": 1 });
    expect(b.state.local).toEqual({ "12": 1, "14": 1 });
  });
});
