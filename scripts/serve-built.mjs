#!/usr/bin/env node
// Serves the built worker on workerd (wrangler dev on the build output) against a migrated, seeded local D1.
//   node scripts/serve-built.mjs [--port 8787] [--persist-to DIR] [--var KEY:VALUE …] [--fresh-db] [--measured]
// It does not build: run `npm run build` first (npm start and the test command do).
// --measured starts the same worker through wrangler's API instead of `wrangler dev`, with no inspector proxy attached
// to the runtime, so a load script can read the worker's heap through the runtime's own inspector
// (scripts/lib/worker-heap.mjs; `wrangler dev` keeps that inspector's one session for itself).
import "./lib/project-env.mjs";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";

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

if (values.measured) {
  Object.assign(process.env, env);
  const { unstable_startWorker } = await import("wrangler");
  const worker = await unstable_startWorker({
    config: "build/server/wrangler.json",
    bindings: Object.fromEntries(
      values.var.map((pair) => {
        const [name, ...value] = pair.split(":");
        return [name, { type: "plain_text", value: value.join(":") }];
      }),
    ),
    dev: {
      server: { hostname: values.ip, port: Number(values.port) },
      persist: values["persist-to"] ?? ".wrangler/state",
      watch: false,
      logLevel: "warn",
    },
  });
  await worker.ready;
  console.info(`The storefront is running at http://${values.ip}:${values.port}/ (Ctrl+C to stop).`);
  const stop = async () => {
    await worker.dispose();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  const args = ["dev", "--port", values.port, "--ip", values.ip, "--show-interactive-dev-session=false", ...persist];
  for (const v of values.var) args.push("--var", v);
  const server = spawn("wrangler", args, { stdio: ["ignore", "pipe", "inherit"], env });
  server.stdout.on("data", (chunk) => {
    const text = String(chunk);
    process.stdout.write(text);
    if (text.includes("Ready on")) {
      console.info(`\nThe storefront is running at http://${values.ip}:${values.port}/ (Ctrl+C to stop).`);
    }
  });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
}
