// The checkout's Idempotency-Key: one random key per distinct payload. Sending the same payload again (a double
// click, a retry after a network failure) reuses its key, so the server creates one order; a changed payload is a
// new order attempt and gets a new key (the server refuses a known key with a different payload). The key of the
// attempt whose reply is awaited is kept in the tab (draft-storage.ts), so a reload that sends the same payload again
// (the server took the order, its reply never came) reuses it and gets the same order back.

export interface KeyedPayload {
  /** The payload written canonically (keys sorted), to tell "the same payload" from "a changed one". */
  fingerprint: string;
  key: string;
}

/** JSON with every object's keys sorted, so two equal payloads built in a different order read the same. */
export function payloadFingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The key to send `payload` with: the previous attempt's when the payload is unchanged, else a new one. */
export function idempotencyKeyFor(previous: KeyedPayload | null, payload: unknown, newKey: () => string): KeyedPayload {
  const fingerprint = payloadFingerprint(payload);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { fingerprint, key: newKey() };
}

/** The header's form (OpenAPI: 8 to 64 letters, digits, _ or -). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The key as kept in the browser, with the payload it was made for. */
export const storedKeyedPayload = (keyed: KeyedPayload): string => JSON.stringify(keyed);

/** The key read back from the browser, or null when there is none or storage held something else. */
export function restoredKeyedPayload(text: string | null): KeyedPayload | null {
  try {
    const { key, fingerprint } = JSON.parse(text ?? "null") ?? {};
    return typeof fingerprint === "string" && typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key)
      ? { fingerprint, key }
      : null;
  } catch {
    return null;
  }
}
