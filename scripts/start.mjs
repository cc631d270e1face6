#!/usr/bin/env node
// `npm start`: build, migrate and seed the local D1, then serve the storefront on workerd (PORT, default 8787).
// Passing --var DEV_MAILBOX: (empty) turns the development mailbox off, --var DEV_PAYMENT: the stand-in gateway.
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";

execFileSync("npm", ["run", "-s", "build"], { stdio: "inherit" });
// A local store has no mail delivery: the development mailbox shows queued mail (recovery codes) at /_dev/mail.
// Nor can it reach NewebPay: payment forms go to the stand-in gateway at /_dev/payment, with NewebPay's published
// example key and IV (PAYMENT.md) as the local merchant's credentials.
const localPayment = [
  ["NEWEBPAY_MERCHANT_ID", "MS_LOCAL"],
  ["NEWEBPAY_HASH_KEY", "12345678901234567890123456789012"],
  ["NEWEBPAY_HASH_IV", "1234567890123456"],
  ["DEV_PAYMENT", "on"],
].flatMap(([name, value]) => ["--var", `${name}:${value}`]);
execFileSync(
  "node",
  ["scripts/serve-built.mjs", "--var", "DEV_MAILBOX:on", ...localPayment, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
