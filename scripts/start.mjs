#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the storefront on workerd (PORT, default 8787).
// Passing --var DEV_MAILBOX: (empty) turns the development mailbox off, --var DEV_PAYMENT: the stand-in gateway.
import "./lib/project-env.mjs";
import { execFileSync, spawn } from "node:child_process";
import { startScheduledTicker } from "./lib/scheduled-ticker.mjs";

const port = process.env.PORT || "8787";
execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
// A local store sends no mail: wrangler's local send_email binding keeps what the mail queue's consumer gives it, and
// the development mailbox shows it at /_dev/mail (the sender is a placeholder address; nothing leaves the machine).
// Nor can it reach NewebPay: payment forms go to the stand-in gateway at /_dev/payment, with NewebPay's published
// example key and IV (PAYMENT.md) as the local merchant's credentials, and the store asks the stand-in's
// QueryTradeInfo before it settles a payment (over plain http, which is allowed on a loopback host only).
const localPayment = [
  ["NEWEBPAY_MERCHANT_ID", "MS_LOCAL"],
  ["NEWEBPAY_HASH_KEY", "12345678901234567890123456789012"],
  ["NEWEBPAY_HASH_IV", "1234567890123456"],
  ["NEWEBPAY_QUERY_URL", `http://127.0.0.1:${port}/_dev/payment/API/QueryTradeInfo`],
  ["DEV_PAYMENT", "on"],
  ["MAIL_FROM", "store@example.com"],
  // The links in mail lead back to this local store.
  ["SITE_URL", `http://127.0.0.1:${port}`],
].flatMap(([name, value]) => ["--var", `${name}:${value}`]);
const server = spawn(
  "node",
  ["scripts/serve-built.mjs", "--port", port, "--var", "DEV_MAILBOX:on", ...localPayment, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
// Cron Triggers never fire by themselves under wrangler dev: the ticker fires the worker's scheduled handler.
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
