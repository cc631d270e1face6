// Starts a harness worker (a *.harness.ts beside the cache code) in workerd through Miniflare, with the real Cache
// API, for the cache's unit tests. Test-only.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";

export async function startHarness(entry: URL, name: string): Promise<Miniflare> {
  const bundle = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: "esm",
    platform: "neutral",
    // Packages that name their entry only by `main` (cookie, as React Router's own build resolves it) resolve too.
    mainFields: ["module", "main"],
    // Node built-ins (the logger's node:async_hooks) are workerd's own under nodejs_compat, as in wrangler.toml.
    external: ["node:*"],
    target: "es2022",
    write: false,
  });
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name,
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          cache: { enabled: true },
          manifest: {
            mainModule: "harness.js",
            modules: { "harness.js": { type: "esm", contents: bundle.outputFiles[0]?.text ?? "" } },
          },
        },
      },
    ],
  });
  await mf.ready;
  return mf;
}
