import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/http/cookie-names";
import { MemoryStorage } from "~/testing/memory-storage";
import {
  BACKGROUND_KEY,
  bootScript,
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  MARKER_COOKIE,
  RESTORING_SCROLL_MARK,
  THEME_KEY,
} from "./boot-script";
import { RESTORING_SCROLL_KEY } from "./scroll-restore-layout";

type Listener = (event: Record<string, unknown>) => void;

/** A minimal browser: what the boot script touches, recorded. */
function browser({
  stored = {} as Record<string, string>,
  prefersDark = false,
  path = "/product/1",
  cookie = "",
  navigationType = undefined as string | undefined,
} = {}) {
  const classes = new Set<string>();
  const attributes = new Map<string, string>();
  const listeners = new Map<string, Listener>();
  const localStorage = new MemoryStorage();
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  const win = {
    localStorage,
    sessionStorage: new MemoryStorage(),
    matchMedia: () => ({ matches: prefersDark }),
    location: {
      pathname: path,
      search: "",
      reloads: 0,
      reload() {
        this.reloads++;
      },
    },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    performance: {
      getEntriesByType: (kind: string) => (kind === "navigation" && navigationType ? [{ type: navigationType }] : []),
    },
    __bookstoreReloadOnChunkError: undefined as undefined | (() => boolean),
  };
  const doc = {
    cookie,
    documentElement: {
      removeAttribute: (k: string) => attributes.delete(k),
      classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
      style: { colorScheme: "" },
      setAttribute: (k: string, v: string) => attributes.set(k, v),
    },
  };
  new Function("window", "document", bootScript)(win, doc);
  return { win, doc, classes, attributes, listeners };
}

describe("boot script: the member's parts before first paint", () => {
  it("looks for the session marker under its name", () => {
    expect(MARKER_COOKIE).toBe(SESSION_COOKIE);
  });

  it("marks the page as a member's when the session marker names a session, on http and under __Host-", () => {
    for (const cookie of ["bookstore_session=abc123", "theme=1; __Host-bookstore_session=abc123; other=2"]) {
      expect(browser({ cookie }).attributes.get("data-member"), cookie).toBe("");
    }
  });

  it("leaves a guest's page unmarked: no marker, an empty one, or another cookie of a similar name", () => {
    for (const cookie of ["", "bookstore_session=", "x_bookstore_session=abc", "bookstore_sessions=abc"]) {
      expect(browser({ cookie }).attributes.has("data-member"), cookie).toBe(false);
    }
  });
});

describe("boot script: Back and Forward restore the scroll on a full layout", () => {
  it("uses the mark the app drops", () => {
    expect(RESTORING_SCROLL_MARK).toBe(`data-${RESTORING_SCROLL_KEY.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  });

  it("marks the page at a popstate, and not before", () => {
    const b = browser();
    expect(b.attributes.has(RESTORING_SCROLL_MARK)).toBe(false);
    b.listeners.get("popstate")?.({});
    expect(b.attributes.get(RESTORING_SCROLL_MARK)).toBe("");
  });

  it("marks a reloaded document, or one reached by Back or Forward, from the start; not a new visit", () => {
    for (const type of ["reload", "back_forward"]) {
      expect(browser({ navigationType: type }).attributes.get(RESTORING_SCROLL_MARK), type).toBe("");
    }
    for (const type of ["navigate", "prerender", undefined]) {
      expect(browser({ navigationType: type }).attributes.has(RESTORING_SCROLL_MARK), type).toBe(false);
    }
  });
});

describe("boot script: a page that runs scripts", () => {
  it("marks the document (html[data-js]), which hides the notes for browsers without scripts", () => {
    expect(browser().attributes.get("data-js")).toBe("");
  });
});

describe("boot script: theme before first paint", () => {
  it("applies a stored dark theme and background", () => {
    const b = browser({ stored: { [THEME_KEY]: "dark", [BACKGROUND_KEY]: "lotus" } });
    expect(b.classes.has("dark")).toBe(true);
    expect(b.doc.documentElement.style.colorScheme).toBe("dark");
    expect(b.attributes.get("data-bg")).toBe("lotus");
  });

  it("follows the system preference when nothing is stored", () => {
    expect(browser({ prefersDark: true }).classes.has("dark")).toBe(true);
    expect(browser({ prefersDark: false }).classes.has("dark")).toBe(false);
  });

  it("lets a stored light theme win over a dark system preference", () => {
    expect(browser({ stored: { [THEME_KEY]: "light" }, prefersDark: true }).classes.has("dark")).toBe(false);
  });

  it("ignores an unknown background", () => {
    expect(browser({ stored: { [BACKGROUND_KEY]: "neon" } }).attributes.get("data-bg")).toBe("paper");
  });
});

describe("boot script: chunk-load guard", () => {
  it("reloads once per path within 10 seconds", () => {
    const b = browser();
    const reload = b.win.__bookstoreReloadOnChunkError!;
    expect(reload()).toBe(true);
    expect(reload()).toBe(false);
    expect(b.win.location.reloads).toBe(1);
    const stored = JSON.parse(b.win.sessionStorage.getItem(CHUNK_RELOAD_KEY)!);
    expect(stored.path).toBe("/product/1");
  });

  it("reloads again for the same path after 10 seconds", () => {
    const b = browser();
    b.win.sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path: "/product/1", at: Date.now() - 10_001 }));
    expect(b.win.__bookstoreReloadOnChunkError!()).toBe(true);
  });

  it("reloads for another path even within 10 seconds", () => {
    const b = browser();
    b.win.sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path: "/", at: Date.now() }));
    expect(b.win.__bookstoreReloadOnChunkError!()).toBe(true);
  });

  it("reloads on a failed script chunk and on a rejected dynamic import", () => {
    const b = browser();
    b.listeners.get("error")!({ target: { tagName: "SCRIPT", src: "https://shop.test/assets/product-abc.js" } });
    expect(b.win.location.reloads).toBe(1);
    const c = browser({ path: "/news/list" });
    c.listeners.get("unhandledrejection")!({
      reason: new TypeError("Failed to fetch dynamically imported module: https://shop.test/assets/x.js"),
    });
    expect(c.win.location.reloads).toBe(1);
  });

  it("ignores other errors", () => {
    const b = browser();
    b.listeners.get("error")!({ target: { tagName: "IMG", src: "https://shop.test/media/covers/1.svg" } });
    b.listeners.get("unhandledrejection")!({ reason: new Error("網路逾時") });
    expect(b.win.location.reloads).toBe(0);
  });

  it("recognises chunk-load errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("找不到這項商品"))).toBe(false);
  });
});
