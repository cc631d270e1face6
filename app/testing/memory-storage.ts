// Web Storage (localStorage, sessionStorage) in memory, for unit tests of the code that keeps things in the browser.
// Test-only.

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
  /** What is stored, key by value. */
  entries(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}
