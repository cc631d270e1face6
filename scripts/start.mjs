#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the storefront on workerd (PORT, default 8787).
// Passing --var DEV_MAILBOX: (empty) turns the development mailbox off.
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";

execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
// A local store has no mail delivery: the development mailbox shows queued mail (recovery codes) at /_dev/mail.
execFileSync("node", ["scripts/serve-built.mjs", "--var", "DEV_MAILBOX:on", ...process.argv.slice(2)], {
  stdio: "inherit",
});
