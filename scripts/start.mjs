#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the storefront on workerd (PORT, default 8787).
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";

execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
execFileSync("node", ["scripts/serve-built.mjs", ...process.argv.slice(2)], { stdio: "inherit" });
