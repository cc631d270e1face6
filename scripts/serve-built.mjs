#!/usr/bin/env node
// Serves the built worker on workerd (through Miniflare, with wrangler's bindings for the build) against a migrated,
// seeded local D1.
//   node scripts/serve-built.mjs [--port 8787] [--persist-to DIR] [--var KEY:VALUE …] [--fresh-db] [--measured]
// It does not build: run `npm run build` first (npm start and the test command do).
// --measured opens the runtime's inspector on a free loopback port, so a load script can read the worker's heap or
// CPU profile through it (scripts/lib/worker-heap.mjs, scripts/lib/cpu-profile.mjs).
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { Miniflare } from "miniflare";
import { builtWorkerOptions, parseVars } from "./lib/built-worker-options.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT || "8787" },
    ip: { type: "string", default: "127.0.0.1" },
    "persist-to": { type: "string" },
    var: { type: "string", multiple: true, default: [] },
    "fresh-db": { type: "boolean", default: false },
    products: { type: "string", default: "600" },
    "skip-seed": { type: "boolean", default: false },
    measured: { type: "boolean", default: false },
  },
});

if (!existsSync("build/server/wrangler.json")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const persist = values["persist-to"] ? ["--persist-to", values["persist-to"]] : [];
if (values["fresh-db"] && values["persist-to"]) rmSync(values["persist-to"], { recursive: true, force: true });

execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});
if (!values["skip-seed"]) {
  execFileSync("node", ["scripts/seed.mjs", "--products", values.products, ...persist], { stdio: "inherit", env });
}

// workerd through Miniflare, as wrangler dev runs it, minus the proxy worker wrangler dev puts in front.
const server = new Miniflare(
  builtWorkerOptions({
    ip: values.ip,
    port: Number(values.port),
    persist: values["persist-to"] ?? ".wrangler/state",
    vars: parseVars(values.var),
    inspector: values.measured,
  }),
);
try {
  await server.ready;
} catch (error) {
  // The port taken by another server, most often: say so in one line instead of a stack.
  console.error(`The storefront could not start on ${values.ip}:${values.port}: ${error.message}`);
  await server.dispose().catch(() => {});
  process.exit(1);
}
console.info(`The storefront is running at http://${values.ip}:${values.port}/ (Ctrl+C to stop).`);
const stop = async () => {
  await server.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
