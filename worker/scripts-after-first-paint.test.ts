// The module preloads and module script React Router writes are held until after the first paint, in workerd's
// HTMLRewriter (Miniflare); the browser side (the scripts do start, after the paint) is in tests/e2e/critical-path.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness } from "./cache/miniflare-harness";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, START_AFTER_PAINT } from "./scripts-after-first-paint";

let mf: Miniflare;

/** A page shaped like React Router's: the boot script, module preloads, the context and module scripts. */
const ROUTER_PAGE =
  `<!DOCTYPE html><html><head><script id="boot-script" nonce="n1">document.documentElement.dataset.theme="light"</script>` +
  `<link rel="modulepreload" href="/assets/manifest.js" nonce="n1"/><link rel="modulepreload" href="/assets/entry.js"/>` +
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

const page = async (type?: string) => {
  const res = await mf.dispatchFetch(`http://shop.test/${type ? `?type=${encodeURIComponent(type)}` : ""}`, {
    method: "POST",
    body: ROUTER_PAGE,
  });
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
    const { body } = await page("application/json");
    expect(body).toBe(ROUTER_PAGE);
  });
});
