#!/usr/bin/env node
// Fails (exit 1) when a route's first-load JavaScript (gzip -9, see scripts/lib/first-load-js.mjs) is over the
// budget in .config/js-budget.json, naming each such route and its figure. Needs `npm run build` first.
//   node scripts/check-js-budget.mjs [--budget FILE] [--client-dir build/client]
import "./lib/project-env.mjs";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { kib, measureFirstLoadJs } from "./lib/first-load-js.mjs";
import { overBudget, parseBudget } from "./lib/js-budget.mjs";

const { values } = parseArgs({
  options: {
    budget: { type: "string", default: ".config/js-budget.json" },
    "client-dir": { type: "string", default: "build/client" },
  },
});

try {
  const budget = parseBudget(JSON.parse(readFileSync(values.budget, "utf8")));
  const figures = measureFirstLoadJs(values["client-dir"]);
  const over = overBudget(figures, budget);
  const largest = figures[0];
  if (over.length > 0) {
    console.error(`First-load JS over budget on ${over.length} of ${figures.length} routes (gzip -9):`);
    for (const route of over) {
      console.error(`  ${route.id} (${route.path}): ${route.kib.toFixed(1)} KiB > ${route.limitKiB} KiB`);
    }
    process.exit(1);
  }
  console.info(
    `First-load JS within ${budget.firstLoadKiB} KiB on all ${figures.length} routes (largest: ${largest.id}, ${kib(largest.gzip)} KiB gzip).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
