#!/usr/bin/env node
// Lints openapi/frontend.yaml with Redocly's rules (openapi/redocly.yaml); exits non-zero on any error or warning.
import { formatProblems, lint, loadConfig } from "@redocly/openapi-core";

const config = await loadConfig({ configPath: "openapi/redocly.yaml" });
const problems = await lint({ ref: "openapi/frontend.yaml", config });
if (problems.length > 0) {
  formatProblems(problems, { format: "stylish", totals: undefined, version: "", color: false });
  process.exit(1);
}
console.info("openapi/frontend.yaml: no lint problems.");
