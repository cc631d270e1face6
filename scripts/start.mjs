#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the storefront on workerd (PORT, default 8787).
// Passing --var DEV_MAILBOX: (empty) turns the development mailbox off, --var DEV_PAYMENT: the stand-in gateway.
import "./lib/project-env.mjs";
import { execFileSync, spawn } from "node:child_process";
import { localPaymentVars } from "./lib/local-payment-vars.mjs";
import { startScheduledTicker } from "./lib/scheduled-ticker.mjs";

const port = process.env.PORT || "8787";
execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
// A local store sends no mail and cannot reach NewebPay: the development mailbox and the stand-in gateway
// (scripts/lib/local-payment-vars.mjs). The links in its mail lead back to it (SITE_URL).
const localPayment = [...localPaymentVars(port), `SITE_URL:http://127.0.0.1:${port}`].flatMap((pair) => [
  "--var",
  pair,
]);
const server = spawn(
  "node",
  ["scripts/serve-built.mjs", "--port", port, "--var", "DEV_MAILBOX:on", ...localPayment, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
// Cron Triggers never fire by themselves on the local workerd: the ticker fires the worker's scheduled handler.
const ticker = startScheduledTicker(`http://127.0.0.1:${port}`);
const stop = () => {
  ticker.stop();
  server.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  ticker.stop();
  process.exit(code ?? 0);
});
