#!/usr/bin/env node
// `npm run deploy`: the storefront to Cloudflare, stopping at the first failure with what to do about it.
//   1. checks: signed in to Cloudflare, a real D1 database id in wrangler.toml, the development stand-ins off,
//      NewebPay's two addresses on the same host, SITE_URL and MAIL_FROM set
//   2. build (`npm run build`)
//   3. the D1 migrations on the remote database (`wrangler d1 migrations apply DB --remote`)
//   4. `wrangler deploy` of the build's generated configuration (build/server/wrangler.json)
// It never seeds: the seed is demonstration data for local use, and production data is the shop's own.
// See README, "Deploy to Cloudflare", for the one-time setup (database, secrets, read replication).
import "./lib/project-env.mjs";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { newebpayAddressProblem, siteAndMailProblem } from "./lib/deploy-checks.mjs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
// The id that ships in wrangler.toml so local runs work; it names no real database.
const PLACEHOLDER_DATABASE_ID = "00000000-0000-4000-8000-000000000000";

function stop(what, todo) {
  console.error(`\n✘ ${what}\n  → ${todo}`);
  process.exit(1);
}

function step(label, command, args, todo) {
  console.info(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) stop(`${label} failed (exit ${result.status ?? result.signal}).`, todo);
  console.info(`✔ ${label}`);
}

// 1. Checks that need no build.
console.info("▶ checks");
const whoami = spawnSync("wrangler", ["whoami", "--json"], { encoding: "utf8", env });
let signedIn = false;
try {
  signedIn = JSON.parse(whoami.stdout).loggedIn === true;
} catch {
  // Not JSON: wrangler could not tell (offline, or an API token it could not check).
}
if (!signedIn) {
  stop(
    "Not signed in to Cloudflare (wrangler whoami).",
    "run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID) for a token with Workers and D1 edit rights; check the network.",
  );
}
const toml = readFileSync("wrangler.toml", "utf8");
if (toml.includes(PLACEHOLDER_DATABASE_ID)) {
  stop(
    "wrangler.toml still has the placeholder D1 database id.",
    "run `npx wrangler d1 create bookstore` and put the database_id it prints into [[d1_databases]] in wrangler.toml.",
  );
}
for (const name of ["DEV_MAILBOX", "DEV_PAYMENT", "DEV_EINVOICE", "DEV_API_CACHE_BYPASS"]) {
  if (new RegExp(`^\\s*${name}\\s*=\\s*"on"`, "m").test(toml)) {
    stop(`${name} is "on" in wrangler.toml.`, `set ${name} = "" for production: it is for local development only.`);
  }
}
const newebpay = newebpayAddressProblem(toml);
if (newebpay) stop(newebpay.what, newebpay.todo);
const siteAndMail = siteAndMailProblem(toml);
if (siteAndMail) stop(siteAndMail.what, siteAndMail.todo);
console.info("✔ checks");

// 2–4.
step("build", "npm", ["run", "-s", "build"], "fix the build errors above, then run `npm run deploy` again.");
step(
  "D1 migrations (remote)",
  "wrangler",
  ["d1", "migrations", "apply", "DB", "--remote"],
  "check that the database_id in wrangler.toml is the one `npx wrangler d1 list` shows for your account, then run `npm run deploy` again (applied migrations are not applied twice).",
);
step(
  "deploy",
  "wrangler",
  ["deploy", "-c", "build/server/wrangler.json"],
  "read wrangler's message above (`Binding name … already in use`: a variable in wrangler.toml [vars] has the name of a secret; delete it there). `node scripts/deploy-dry-run.mjs` checks the worker's size offline. The migrations are already applied and stay so.",
);
console.info(
  "\nDeployed. Secrets (OAUTH_PROVIDERS, NEWEBPAY_HASH_KEY, NEWEBPAY_HASH_IV) are set once with `npx wrangler secret put NAME`.",
);
