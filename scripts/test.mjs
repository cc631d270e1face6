#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Steps: browser install when missing, lint/format, typecheck, contract lint, generated-types check, unit tests,
// build, then the contract and end-to-end suites against the built worker on workerd.
import "./lib/project-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function run(label, command, args) {
  const started = Date.now();
  console.info(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✘ ${label} failed (${seconds} s).`);
    process.exit(result.status || 1);
  }
  console.info(`✔ ${label} (${seconds} s)`);
}

run("browser (Debian's Chromium and CJK fonts)", "bash", ["scripts/ensure-browser.sh"]);
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}: set CHROMIUM_PATH.`);
  process.exit(1);
}
run("lint and format", "biome", ["check", "--error-on-warnings", "."]);
run("typecheck", "npm", ["run", "-s", "typecheck"]);
run("OpenAPI lint", "node", ["scripts/lint-openapi.mjs"]);
run("generated API types match openapi/frontend.yaml", "node", ["scripts/generate-api-types.mjs", "--check"]);
run("unit tests", "vitest", ["run", "--config", ".config/vitest.config.ts"]);
run("build", "npm", ["run", "-s", "build"]);
run("contract and end-to-end tests (Playwright + axe on workerd)", "playwright", [
  "test",
  "--config",
  ".config/playwright.config.ts",
]);
console.info("\nAll checks passed.");
