// The cart store as React's useSyncExternalStore sees it: while the page hydrates, the client's snapshot is the
// server's, so React forces no re-render inside the one task in which hydration's effects run; the local cart is read,
// and its readers told, in a task of their own.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "~/features/cart/cart";
import { MemoryStorage } from "~/testing/memory-storage";
import type { CartSnapshot } from "./cart-store";

interface Store {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => CartSnapshot;
  getServerSnapshot: () => CartSnapshot;
}

// What useCart hands to React, taken as it is.
vi.mock("react", () => ({
  useSyncExternalStore: (
    subscribe: Store["subscribe"],
    getSnapshot: Store["getSnapshot"],
    getServerSnapshot: Store["getServerSnapshot"],
  ) => ({ subscribe, getSnapshot, getServerSnapshot }),
}));

let storage: MemoryStorage;

/** A fresh store module (its state is the module's) and what it gives React. */
async function freshStore() {
  vi.resetModules();
  const module = await import("./cart-store");
  // biome-ignore lint/correctness/useHookAtTopLevel: react is mocked above; useCart only hands back what it gives it
  return { module, store: module.useCart() as unknown as Store };
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  storage.setItem(CART_STORAGE_KEY, JSON.stringify({ 7: 2 }));
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("window", { addEventListener: vi.fn(), removeEventListener: vi.fn() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the cart store while the page hydrates", () => {
  it("gives the server's snapshot until the task after the first reader subscribed, then the stored cart", async () => {
    const { store } = await freshStore();
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
    const listener = vi.fn();
    store.subscribe(listener);
    // React compares the snapshots right after subscribing, in hydration's task: nothing has changed yet.
    expect(store.getSnapshot()).toBe(store.getServerSnapshot());
    expect(listener).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toMatchObject({ cart: { 7: 2 }, ready: true });
  });

  it("reads the cart once, however many readers subscribe", async () => {
    const { store } = await freshStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.subscribe(vi.fn());
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps a change made before the cart was read, and does not read over it", async () => {
    const { module, store } = await freshStore();
    const listener = vi.fn();
    store.subscribe(listener);
    module.addCartItem(9);
    expect(store.getSnapshot()).toMatchObject({ cart: { 7: 2, 9: 1 }, ready: true });
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().cart).toEqual({ 7: 2, 9: 1 });
  });
});
