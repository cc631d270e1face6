import { describe, expect, it } from "vitest";
import {
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyKeyFor,
  payloadFingerprint,
  restoredKeyedPayload,
  storedKeyedPayload,
} from "./idempotency-key";

function keys() {
  let n = 0;
  return () => `key-${String(++n).padStart(4, "0")}`;
}

describe("one Idempotency-Key per distinct payload", () => {
  it("reuses the key for the same payload (a double click, a retry after a network failure)", () => {
    const next = keys();
    const first = idempotencyKeyFor(null, { total: 500, items: [{ id: 1, quantity: 1 }] }, next);
    const again = idempotencyKeyFor(first, { items: [{ quantity: 1, id: 1 }], total: 500 }, next);
    expect(first.key).toBe("key-0001");
    expect(again).toBe(first);
  });

  it("makes a new key when the payload changed", () => {
    const next = keys();
    const first = idempotencyKeyFor(null, { total: 500, pay_type: 1 }, next);
    const changed = idempotencyKeyFor(first, { total: 500, pay_type: 3 }, next);
    expect(changed.key).toBe("key-0002");
    // Going back to the first payload is again a different payload from the last attempt's.
    expect(idempotencyKeyFor(changed, { total: 500, pay_type: 1 }, next).key).toBe("key-0003");
  });

  it("reads payloads canonically: key order does not matter, array order does", () => {
    expect(payloadFingerprint({ b: 1, a: { d: 2, c: 3 } })).toBe(payloadFingerprint({ a: { c: 3, d: 2 }, b: 1 }));
    expect(payloadFingerprint({ items: [1, 2] })).not.toBe(payloadFingerprint({ items: [2, 1] }));
  });

  it("a random UUID fits the header's pattern", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(crypto.randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("short")).toBe(false);
  });
});

describe("the key kept in the browser across a reload", () => {
  it("is read back as it was kept, and the same payload sent after the reload reuses it", () => {
    const next = keys();
    const first = idempotencyKeyFor(null, { total: 500, items: [{ id: 1, quantity: 1 }] }, () => "a1b2c3d4e5f60718");
    const restored = restoredKeyedPayload(storedKeyedPayload(first));
    expect(restored).toEqual(first);
    expect(idempotencyKeyFor(restored, { items: [{ id: 1, quantity: 1 }], total: 500 }, next).key).toBe(
      "a1b2c3d4e5f60718",
    );
    // A payload changed after the reload is another order attempt.
    expect(idempotencyKeyFor(restored, { items: [{ id: 1, quantity: 2 }], total: 1000 }, next).key).toBe("key-0001");
  });

  it("is nothing when storage holds none, or something that is not a key with its payload", () => {
    for (const text of [
      null,
      "",
      "not json",
      "null",
      "5",
      "[]",
      '{"key":"a1b2c3d4e5f60718"}',
      '{"fingerprint":"{}"}',
      '{"fingerprint":"{}","key":"short"}',
      '{"fingerprint":"{}","key":"has space in it"}',
      '{"fingerprint":1,"key":"a1b2c3d4e5f60718"}',
    ]) {
      expect(restoredKeyedPayload(text), String(text)).toBeNull();
    }
  });
});
