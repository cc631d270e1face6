import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "~/features/cart/cart";
import { MemoryStorage } from "~/testing/memory-storage";
import {
  type BrowserStores,
  CART_OWNER_KEY,
  dropMemberValues,
  dropSessionValues,
  memberStorageKey,
  readMemberValue,
  removeMemberValue,
  settleBrowserStorage,
  writeMemberValue,
} from "./member-storage";

/** Storage that refuses everything, as a blocked or private-mode browser may. */
class RefusingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException("blocked", "SecurityError");
  }
  override setItem() {
    throw new DOMException("full", "QuotaExceededError");
  }
  override get length(): number {
    throw new DOMException("blocked", "SecurityError");
  }
}

const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
const CART = JSON.stringify({ "12": 1 });

function stores() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return { local, session, both: { local, session } satisfies BrowserStores };
}

describe("a member's stored values", () => {
  it("are kept under a key that holds the session key", () => {
    expect(memberStorageKey(A, "checkout-0")).toBe(`website-member:${A}:checkout-0`);
    expect(memberStorageKey(A, "checkout-0")).not.toBe(memberStorageKey(B, "checkout-0"));
  });

  it("are read back by their own session only", () => {
    const { session } = stores();
    writeMemberValue(session, A, "checkout-0", '{"receiver":"甲"}');
    expect(readMemberValue(session, A, "checkout-0")).toBe('{"receiver":"甲"}');
    expect(readMemberValue(session, B, "checkout-0")).toBeNull();
    expect(readMemberValue(session, null, "checkout-0")).toBeNull();
  });

  it("are never kept for a guest", () => {
    const { session } = stores();
    writeMemberValue(session, null, "checkout-0", "{}");
    expect(session.length).toBe(0);
  });

  it("survive storage that is missing or refuses", () => {
    const refusing = new RefusingStorage();
    expect(() => writeMemberValue(refusing, A, "checkout-0", "{}")).not.toThrow();
    expect(readMemberValue(refusing, A, "checkout-0")).toBeNull();
    expect(readMemberValue(null, A, "checkout-0")).toBeNull();
    expect(() => settleBrowserStorage({ local: refusing, session: null }, A)).not.toThrow();
    expect(() => dropMemberValues({ local: refusing, session: refusing }, null)).not.toThrow();
  });
});

describe("dropping member values", () => {
  it("one at a time: that session's value of that name only", () => {
    const { session } = stores();
    writeMemberValue(session, A, "checkout-0", "甲");
    writeMemberValue(session, A, "checkout-0-key", "甲");
    writeMemberValue(session, B, "checkout-0-key", "乙");
    removeMemberValue(session, A, "checkout-0-key");
    expect(session.entries()).toEqual({
      [memberStorageKey(A, "checkout-0")]: "甲",
      [memberStorageKey(B, "checkout-0-key")]: "乙",
    });
    removeMemberValue(session, null, "checkout-0");
    expect(session.length).toBe(2);
    expect(() => removeMemberValue(new RefusingStorage(), A, "checkout-0")).not.toThrow();
    expect(() => removeMemberValue(null, A, "checkout-0")).not.toThrow();
  });

  it("at a change of session keeps the new session's and the device's, and drops every other session's", () => {
    const { local, session, both } = stores();
    writeMemberValue(session, A, "checkout-0", "甲");
    writeMemberValue(local, A, "later", "甲");
    writeMemberValue(session, B, "checkout-1", "乙");
    session.setItem("bookstore:chunk-reload", "{}");
    local.setItem("bookstore:theme", "dark");
    dropMemberValues(both, B);
    expect(session.entries()).toEqual({ [memberStorageKey(B, "checkout-1")]: "乙", "bookstore:chunk-reload": "{}" });
    expect(local.entries()).toEqual({ "bookstore:theme": "dark" });
    dropMemberValues(both, null);
    expect(session.entries()).toEqual({ "bookstore:chunk-reload": "{}" });
  });

  it("drops the drafts an earlier release kept without the session in their key", () => {
    const { session, both } = stores();
    session.setItem("website-checkout-0", '{"member_name":"甲"}');
    session.setItem("website-checkout-1", '{"member_name":"甲"}');
    dropMemberValues(both, A);
    expect(session.length).toBe(0);
  });

  it("after an order drops that session's values only", () => {
    const { session, both } = stores();
    writeMemberValue(session, A, "checkout-0", "甲");
    writeMemberValue(session, A, "checkout-1", "甲");
    writeMemberValue(session, B, "checkout-0", "乙");
    dropSessionValues(both, A);
    expect(session.entries()).toEqual({ [memberStorageKey(B, "checkout-0")]: "乙" });
    dropSessionValues(both, null);
    expect(session.length).toBe(1);
  });
});

describe("the local cart at a change of session", () => {
  it("a guest's cart stays when a member signs in (SPEC §4 merges it), and becomes that member's", () => {
    const { local, both } = stores();
    local.setItem(CART_STORAGE_KEY, CART);
    expect(settleBrowserStorage(both, A)).toEqual({ cartEmptied: false });
    expect(local.getItem(CART_STORAGE_KEY)).toBe(CART);
    expect(local.getItem(CART_OWNER_KEY)).toBe(A);
  });

  it("stays while the same member is signed in (a reload, another page)", () => {
    const { local, both } = stores();
    local.setItem(CART_STORAGE_KEY, CART);
    local.setItem(CART_OWNER_KEY, A);
    expect(settleBrowserStorage(both, A)).toEqual({ cartEmptied: false });
    expect(local.getItem(CART_STORAGE_KEY)).toBe(CART);
  });

  it("is emptied at sign-out: the next reader of the browser gets none of the member's cart", () => {
    const { local, session, both } = stores();
    local.setItem(CART_STORAGE_KEY, CART);
    local.setItem(CART_OWNER_KEY, A);
    writeMemberValue(session, A, "checkout-0", "甲");
    expect(settleBrowserStorage(both, null)).toEqual({ cartEmptied: true });
    expect(local.length).toBe(0);
    expect(session.length).toBe(0);
  });

  it("is emptied when another member's session replaces the first one's", () => {
    const { local, both } = stores();
    local.setItem(CART_STORAGE_KEY, CART);
    local.setItem(CART_OWNER_KEY, A);
    expect(settleBrowserStorage(both, B)).toEqual({ cartEmptied: true });
    expect(local.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(local.getItem(CART_OWNER_KEY)).toBe(B);
  });

  it("a guest's cart without a member stays a guest's", () => {
    const { local, both } = stores();
    local.setItem(CART_STORAGE_KEY, CART);
    expect(settleBrowserStorage(both, null)).toEqual({ cartEmptied: false });
    expect(local.getItem(CART_STORAGE_KEY)).toBe(CART);
    expect(local.getItem(CART_OWNER_KEY)).toBeNull();
  });
});

// The rule holds only if nothing stores around it. A module that needs the browser's storage for something new goes
// through member-storage.ts, or is added here with the reason its values belong to nobody in particular.
const STORAGE_USERS: Record<string, string> = {
  "app/features/session/member-storage.ts": "the rule itself",
  "app/features/cart/cart-store.ts":
    "the cart (SPEC's fixed website-cart); member-storage.ts decides when it is emptied",
  "app/lib/boot-script.ts": "the device's colour theme and background, and the chunk-reload guard",
  "app/components/theme-controls.tsx": "the device's colour theme and background",
};

/** The code of a module without its comments (which may name storage without touching it). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("browser storage in the app", () => {
  it("is touched only by the modules that the rule lists", () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const users = sourceFiles(join(root, "app"))
      .filter((file) => /\b(localStorage|sessionStorage)\b/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => relative(root, file).replaceAll("\\", "/"))
      .sort();
    expect(users).toEqual(Object.keys(STORAGE_USERS).sort());
  });
});
