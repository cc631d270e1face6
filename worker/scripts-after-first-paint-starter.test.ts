// The starter run as a browser would run it, against a small stand-in DOM: it waits for the first contentful paint,
// restores the held preloads in document order and then the module script, and does each restore in a task of its
// own (so no single task after the first paint does them all).
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, START_AFTER_PAINT } from "./scripts-after-first-paint";

function standInPage(preloads: number) {
  const log: string[] = [];
  let paintObserver:
    | ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void)
    | undefined;
  const links = Array.from({ length: preloads }, (_, i) => ({
    set rel(value: string) {
      log.push(`rel ${i} ${value}`);
    },
  }));
  const heldScript = {
    nonce: "n1",
    textContent: 'import("/assets/entry.js")',
    replaceWith(script: { type: string; nonce: string; textContent: string }) {
      log.push(`script ${script.type} ${script.nonce} ${script.textContent}`);
    },
  };
  const document = {
    visibilityState: "hidden",
    addEventListener() {},
    createElement: () => ({ type: "", nonce: "", textContent: "" }),
    querySelectorAll(selector: string) {
      if (selector === `link[rel="${HELD_PRELOAD_REL}"]`) return links;
      if (selector === `script[type="${HELD_MODULE_TYPE}"]`) return [heldScript];
      return [];
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(callback: typeof paintObserver) {
      paintObserver = callback;
    }
    observe() {}
  }
  const window = { PerformanceObserver };
  new Function("window", "document", "setTimeout", "requestAnimationFrame", START_AFTER_PAINT)(
    window,
    document,
    () => {},
    () => {},
  );
  const paint = () =>
    paintObserver?.(
      { getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) },
      { disconnect() {} },
    );
  return { log, paint };
}

/** Resolves after the MessageChannel turns already queued (and those they queue) have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the starter", () => {
  it("does nothing before the first contentful paint", async () => {
    const { log } = standInPage(3);
    await settle();
    expect(log).toEqual([]);
  });

  it("restores the preloads in order, then the module script, one per task", async () => {
    const { log, paint } = standInPage(3);
    paint();
    // Only the first restore runs in the paint observer's own task.
    expect(log).toEqual(["rel 0 modulepreload"]);
    await settle();
    expect(log).toEqual([
      "rel 0 modulepreload",
      "rel 1 modulepreload",
      "rel 2 modulepreload",
      'script module n1 import("/assets/entry.js")',
    ]);
  });

  it("starts once, even when the paint is reported again", async () => {
    const { log, paint } = standInPage(1);
    paint();
    paint();
    await settle();
    expect(log).toHaveLength(2);
  });
});
