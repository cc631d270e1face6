#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Steps: browser install when missing, lint/format, typecheck, contract lint, generated-types check, unit tests,
// build, then the contract and end-to-end suites against the built worker on workerd.
import "./lib/project-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { flakyTests } from "./lib/flaky-tests.mjs";

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
rmSync("test-results", { recursive: true, force: true });
run("unit tests", "vitest", [
  "run",
  "--config",
  ".config/vitest.config.ts",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/unit.json",
]);
run("build", "npm", ["run", "-s", "build"]);
run("worker size (wrangler deploy --dry-run, offline)", "node", ["scripts/deploy-dry-run.mjs"]);
run("first-load JS within budget (.config/js-budget.json)", "node", ["scripts/check-js-budget.mjs"]);
run("contract and end-to-end tests (Playwright + axe on workerd)", "playwright", [
  "test",
  "--config",
  ".config/playwright.config.ts",
]);
// One closing line with the counts of both runners.
const unit = JSON.parse(readFileSync("test-results/unit.json", "utf8"));
const report = JSON.parse(readFileSync("test-results/e2e.json", "utf8"));
const e2e = report.stats;
const passed = unit.numPassedTests + e2e.expected + e2e.flaky;
const failed = unit.numFailedTests + e2e.unexpected;
console.info(`\nAll checks passed (unit ${unit.numPassedTests}, contract and e2e ${e2e.expected + e2e.flaky}).`);
// A retried test is named, so a race that only shows under load is seen and can be mended.
const flaky = flakyTests(report);
if (flaky.length > 0) {
  console.info(`\n${flaky.length} passed only on their retry (flaky):`);
  for (const name of flaky) console.info(`  ${name}`);
}
console.info(`tests: ${passed} passed, ${failed} failed${flaky.length > 0 ? ` (${flaky.length} flaky)` : ""}`);
