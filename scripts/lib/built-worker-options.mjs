// Miniflare's options for the built storefront (build/server), read from the wrangler.json the build wrote: the same
// bindings, queues, assets and crons `wrangler dev` would give it, served straight from workerd with no proxy worker
// in front (wrangler dev's proxy dropped connections under the test suite's load) and no second bundling step.
import { readdirSync } from "node:fs";
import { convertV4MiniflareOptions, Log, LogLevel } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const BUILD = "build/server";

/**
 * The build's modules for Miniflare, the entry first. They are listed, not found by following imports, so the route
 * chunks that are only imported dynamically are there too; source maps are not modules.
 */
export function builtModules(files) {
  const scripts = files.filter((file) => file.endsWith(".js")).map((file) => file.split("\\").join("/"));
  if (!scripts.includes("index.js")) throw new Error(`${BUILD}/index.js is missing: run \`npm run build\` first`);
  return ["index.js", ...scripts.filter((file) => file !== "index.js").sort()].map((path) => ({
    type: "ESModule",
    path,
  }));
}

/** `KEY:VALUE` pairs (wrangler's --var syntax; the value may hold colons) as an object. */
export function parseVars(pairs) {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf(":");
      if (at <= 0) throw new Error(`--var ${pair}: expected KEY:VALUE`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/**
 * The options for `new Miniflare()`: on `ip`:`port`, the local resources (D1, caches, queues, mail) under
 * `${persist}/v3` as wrangler keeps them (so `wrangler d1 migrations apply --persist-to` and the seed reach the same
 * database), `vars` over wrangler.toml's, and the runtime's inspector on a free port when `inspector` (for the heap and
 * CPU readings of the load scripts).
 */
export function builtWorkerOptions({ ip, port, persist, vars = {}, inspector = false }) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${BUILD}/wrangler.json`);
  // The module rules are for finding modules by their imports; the modules are listed instead.
  const { modulesRules: _rules, ...options } = workerOptions;
  return convertV4MiniflareOptions({
    host: ip,
    port,
    inspectorPort: inspector ? 0 : undefined,
    resourcePersistencePath: `${persist}/v3`,
    // /cdn-cgi/local/scheduled runs the cron handler; the local explorer keeps the mail the binding was given.
    unsafeTriggerHandlers: true,
    unsafeLocalExplorer: true,
    // No download of Cloudflare's request.cf sample: a fixed local one.
    cf: false,
    log: new Log(LogLevel.WARN),
    logRequests: false,
    workers: [
      {
        ...options,
        name: "bookstore-storefront",
        rootPath: BUILD,
        modulesRoot: ".",
        modules: builtModules(readdirSync(BUILD, { recursive: true })),
        bindings: { ...options.bindings, ...vars },
      },
    ],
  });
}
