#!/usr/bin/env node
// Sign-in timing of a known e-mail with a wrong password against an unknown e-mail (they must take about as long,
// or the reply time tells who is a member), and of a right password for reference. Figures only, never asserted.
//   node scripts/bench-login.mjs http://127.0.0.1:8788 [--samples 50]
// Every wrong try uses a fresh address (a fresh member for the known case), so the 5-a-window throttle never
// answers instead of the password check. Registers `samples + 1` members on that server: never point it at
// production.
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { samples: { type: "string", default: "50" } },
});
const base = (positionals[0] ?? "").replace(/\/+$/, "");
if (!/^https?:\/\//.test(base)) {
  console.error("usage: node scripts/bench-login.mjs <base URL, e.g. http://127.0.0.1:8788> [--samples 50]");
  process.exit(2);
}
const samples = Math.min(Math.max(Number(values.samples) || 50, 1), 500);
const api = `${base}/api/frontend/member`;
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const PASSWORD = "Bench2026";

async function post(path, body) {
  const res = await fetch(`${api}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function register(email) {
  const { body } = await post("/register", { email, password: PASSWORD, name: "計時讀者" });
  if (body.code !== 1) throw new Error(`could not register ${email}: ${JSON.stringify(body)}`);
}

/** Milliseconds of one sign-in, checking the reply is the expected code. */
async function timedLogin(email, password, expectedCode) {
  const t = performance.now();
  const { status, body } = await post("/login", { email, password });
  const ms = performance.now() - t;
  if (body.code !== expectedCode)
    throw new Error(`${email}: expected code ${expectedCode}, got ${status} ${JSON.stringify(body)}`);
  return ms;
}

const percentile = (times, p) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

const known = Array.from({ length: samples }, (_, i) => `bench-known-${run}-${i}@example.com`);
const rightMember = `bench-right-${run}@example.com`;
for (const email of [...known, rightMember]) await register(email);

const times = { "known e-mail, wrong password": [], "unknown e-mail": [], "known e-mail, right password": [] };
// Interleaved, so a slow moment of a shared machine hits every case alike.
for (let i = 0; i < samples; i++) {
  times["known e-mail, wrong password"].push(await timedLogin(known[i], "Wrong2026", 2));
  times["unknown e-mail"].push(await timedLogin(`bench-nobody-${run}-${i}@example.com`, "Wrong2026", 2));
  times["known e-mail, right password"].push(await timedLogin(rightMember, PASSWORD, 1));
}

console.info(`sign-in latency against ${base}, ${samples} samples each (ms)`);
for (const [label, list] of Object.entries(times)) {
  console.info(
    `${label.padEnd(30)} p50 ${percentile(list, 0.5).toFixed(1).padStart(7)}   p95 ${percentile(list, 0.95).toFixed(1).padStart(7)}`,
  );
}
const ratio = percentile(times["unknown e-mail"], 0.5) / percentile(times["known e-mail, wrong password"], 0.5);
console.info(`unknown / known-wrong p50 ratio: ${ratio.toFixed(2)}`);
