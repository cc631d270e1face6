// A small memory, per isolate, of fresh replies read from the Workers Cache API, consulted before it.
//
// Why: every guest gets the same bytes for a popular page while it is fresh, yet each cache.match leaves the isolate
// and copies the body in again; on the bench that round trip was the largest part of a cached page's cost. What is
// kept here was read back from the Cache API (nothing is remembered that was not stored there first), is served only
// while fresh by the same policy and stored time, and fits a budget of entries and bytes (the oldest goes first).
// A stale entry is dropped, so STALE, STALE-IF-ERROR and revalidation stay the Cache API's, as before.

interface Remembered {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
  storedAt: number;
}

export interface RecentRepliesLimits {
  maxEntries: number;
  maxBytes: number;
}

/** About 100 documents of 80 KB, or far more API replies: a few MiB of an isolate's 128. */
const DEFAULT_LIMITS: RecentRepliesLimits = { maxEntries: 256, maxBytes: 8 * 1024 * 1024 };

export class RecentReplies {
  private readonly entries = new Map<string, Remembered>();
  private bytes = 0;

  constructor(private readonly limits: RecentRepliesLimits = DEFAULT_LIMITS) {}

  /** A copy of the remembered reply while it is younger than `maxAgeSeconds`; a stale one is forgotten. */
  fresh(key: string, now: number, maxAgeSeconds: number): { response: Response; ageSeconds: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const ageSeconds = (now - entry.storedAt) / 1000;
    if (!(ageSeconds < maxAgeSeconds)) {
      this.forget(key);
      return undefined;
    }
    const response = new Response(entry.body.slice(0), {
      status: entry.status,
      statusText: entry.statusText,
      headers: entry.headers,
    });
    return { response, ageSeconds };
  }

  /**
   * Reads `response` (a fresh reply from the Cache API, stored at `storedAt`) and keeps it when it fits the budget;
   * returns a reply with the same status, headers and body for the caller to serve.
   */
  async remember(key: string, response: Response, storedAt: number): Promise<Response> {
    const body = await response.arrayBuffer();
    const entry: Remembered = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
      storedAt,
    };
    this.forget(key);
    if (body.byteLength <= this.limits.maxBytes / 4) {
      this.entries.set(key, entry);
      this.bytes += body.byteLength;
      this.evict();
    }
    return new Response(body.slice(0), { status: entry.status, statusText: entry.statusText, headers: entry.headers });
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.byteLength;
  }

  /** Drops the oldest remembered entries (Map order is insertion order) until both limits hold. */
  private evict() {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.forget(key);
    }
  }
}

/** One memory per Cache, so two caches (the default one, a test's own) never answer for each other. */
const memories = new WeakMap<Cache, RecentReplies>();

export function recentRepliesOf(cache: Cache): RecentReplies {
  let memory = memories.get(cache);
  if (!memory) {
    memory = new RecentReplies();
    memories.set(cache, memory);
  }
  return memory;
}
