import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memberStorageKey } from "~/features/session/member-storage";
import { MemoryStorage } from "~/testing/memory-storage";
import { dropPendingKey, readPendingKey, writePendingKey } from "./draft-storage";

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
