#!/usr/bin/env node
// Generates app/lib/api/schema.d.ts from openapi/frontend.yaml with openapi-typescript (default options, never
// hand-edited). With --check it only compares and fails when the committed file is stale.
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const spec = "openapi/frontend.yaml";
const target = "app/lib/api/schema.d.ts";
const check = process.argv.includes("--check");
const out = check ? join(mkdtempSync(join(tmpdir(), "api-types-")), "schema.d.ts") : target;

execFileSync("openapi-typescript", [spec, "-o", out], { stdio: ["ignore", "ignore", "inherit"] });

if (check) {
  let committed = "";
  try {
    committed = readFileSync(target, "utf8");
  } catch {
    // missing counts as stale
  }
  if (committed !== readFileSync(out, "utf8")) {
    console.error(
      `${target} is stale: it differs from what openapi-typescript makes of ${spec}. Run: npm run api:generate`,
    );
    process.exit(1);
  }
  console.info(`${target} matches ${spec}.`);
} else {
  console.info(`Wrote ${target} from ${spec}.`);
}
