import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dropSessionValues, memberStorageKey } from "~/features/session/member-storage";
import { MemoryStorage } from "~/testing/memory-storage";
import { dropPendingKey, markOrderPlaced, orderSentFromTab, readPendingKey, writePendingKey } from "./draft-storage";

const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
const keyed = { fingerprint: '{"total":500}', key: "a1b2c3d4e5f60718" };
let session: MemoryStorage;

beforeEach(() => {
  session = new MemoryStorage();
  vi.stubGlobal("window", { localStorage: new MemoryStorage(), sessionStorage: session });
});
afterEach(() => vi.unstubAllGlobals());

describe("the pending Idempotency-Key in the tab", () => {
  it("is a member value beside the draft of its category type, read back by its session only", () => {
    writePendingKey(A, 0, keyed);
    expect(Object.keys(session.entries())).toEqual([memberStorageKey(A, "checkout-0-key")]);
    expect(readPendingKey(A, 0)).toEqual(keyed);
    expect(readPendingKey(A, 1)).toBeNull();
    expect(readPendingKey(B, 0)).toBeNull();
    expect(readPendingKey(null, 0)).toBeNull();
  });

  it("is never kept for a guest", () => {
    writePendingKey(null, 0, keyed);
    expect(session.length).toBe(0);
  });

  it("goes when the attempt is refused, and the draft stays", () => {
    session.setItem(memberStorageKey(A, "checkout-0"), "{}");
    writePendingKey(A, 0, keyed);
    writePendingKey(A, 1, keyed);
    dropPendingKey(A, 0);
    expect(readPendingKey(A, 0)).toBeNull();
    expect(readPendingKey(A, 1)).toEqual(keyed);
    expect(session.getItem(memberStorageKey(A, "checkout-0"))).toBe("{}");
  });
});

describe("whether this tab sent an order (what an empty checkout says)", () => {
  it("no: a member who never sent one from this tab, or a guest", () => {
    expect(orderSentFromTab(A, 0)).toBe(false);
    expect(orderSentFromTab(null, 0)).toBe(false);
  });

  it("yes once an order of that category type was placed: marked after the placed order dropped the draft", () => {
    writePendingKey(A, 0, keyed);
    // As checkout-form.tsx does: the placed order drops the member's values, then the mark is written.
    dropSessionValues({ local: null, session }, A);
    markOrderPlaced(A, 0);
    expect(orderSentFromTab(A, 0)).toBe(true);
    expect(orderSentFromTab(A, 1)).toBe(false);
    // Another session (after sign-out and in again) is not told of it; a guest keeps no mark.
    expect(orderSentFromTab(B, 0)).toBe(false);
    markOrderPlaced(null, 1);
    expect(session.length).toBe(1);
  });

  it("yes while an attempt's outcome is unknown (its key pending); no once it was refused", () => {
    writePendingKey(A, 1, keyed);
    expect(orderSentFromTab(A, 1)).toBe(true);
    dropPendingKey(A, 1);
    expect(orderSentFromTab(A, 1)).toBe(false);
  });
});
