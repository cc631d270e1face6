#!/usr/bin/env node
// Benchmarks (figures and ratios; never asserted in tests, these machines are shared and noisy):
//  1. client JS (gzip -9) that a first visit of each route loads, from the build's route manifest;
//  2. throughput of guest pages (a product, home, a list, search) and of a member's (a product, /member/orders, the
//     saved cart) against /healthz, measured in one run on the built worker on workerd, with each page's ratio; then
//     the parts /member/orders is made of (a bare server render, its two API calls) and the most it could reach if its
//     layout and table cost nothing (scripts/lib/throughput-ceiling.mjs);
//  3. API latency (p50/p95, one request at a time) of search, listings and editorial reads, on a server started with
//     DEV_API_CACHE_BYPASS=on so the API itself is measured, not the edge cache;
//  4. the checkout in Chromium (scripts/bench-checkout.mjs: 送出訂單 → gateway page, 付款成功 → /order-complete) on two
//     servers at once with the stand-in gateway, one writing order mail (SITE_URL set) and one writing none (SITE_URL
//     empty, the mail switch), runs alternating between them: p50/p95 of each and the ratio mail on/off, and whether
//     mail was written (the development mailbox of each run's member, and the mail-off server's log). The order
//     submit must not wait for mail: the ratio should be 1 within noise. The two ports after --port;
//     --checkout-runs (or BENCH_CHECKOUT_RUNS) runs on each, 0 to skip; --checkout-only runs this part alone;
//  5. with --browse SECONDS instead: a mixed guest browse (products, lists and pages with varying ids, pages and
//     junk parameters) that prints the edge cache's hit rate from the documents' X-Cache headers.
//   npm run bench -- [--seconds 8] [--connections 10] [--port 8797] [--products 600] [--latency-only] [--browse 60]
//                    [--checkout-runs 8] [--checkout-only]
// --products 100000 seeds a catalogue of that size into .wrangler/bench-<N> (kept, so later runs reuse it).
// Needs `npm run build` first. Loads only 127.0.0.1, bounded in time.
import "./lib/project-env.mjs";
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { CHECKOUT_PARTS, checkoutRun, checkoutStats, launchBrowser } from "./bench-checkout.mjs";
import { kib, measureFirstLoadJs } from "./lib/first-load-js.mjs";
import { localPaymentVars } from "./lib/local-payment-vars.mjs";
import { startBuiltServer, stopServer, waitUntilUp } from "./lib/local-server.mjs";
import { throughputCeiling } from "./lib/throughput-ceiling.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "8797" },
    products: { type: "string", default: "600" },
    "latency-only": { type: "boolean", default: false },
    samples: { type: "string", default: "60" },
    browse: { type: "string" },
    "checkout-runs": { type: "string", default: process.env.BENCH_CHECKOUT_RUNS || "8" },
    "checkout-only": { type: "boolean", default: false },
  },
});
const seconds = Math.min(Number(values.seconds), 60);
const connections = Math.min(Number(values.connections), 64);
const base = `http://127.0.0.1:${values.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
/** The guest pages whose throughput is compared with /healthz. */
const GUEST_PAGES = [
  ["product", "/product/1"],
  ["home", "/"],
  ["list", "/product/new-books"],
  ["search", `/search?q=${encodeURIComponent("生活")}`],
];
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
/**
 * A guest's headers, each request from a reader of its own (an IPv6 /64 picked at random: the rate limits count an
 * IPv6 client by its /64): the per-client rate limits are not measured.
 */
const guest = () => ({
  "User-Agent": CHROME_UA,
  "CF-Connecting-IP": `2001:db8:be:${((Math.random() * 0x10000) | 0).toString(16)}::1`,
});

/**
 * A guest's GET, or a member's with their `cookie`; with `discard`, the body is read and thrown away (load runs measure
 * the server, not this).
 */
function get(path, { discard = false, method = "GET", cookie } = {}) {
  return new Promise((resolve, reject) => {
    const headers = cookie ? { ...guest(), Cookie: cookie } : guest();
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      let body = "";
      if (discard) res.resume();
      else {
        res.setEncoding("utf8");
        res.on("data", (c) => {
          body += c;
        });
      }
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.end();
  });
}

/**
 * `connections` readers (guests, or the member of `cookie`) requesting `nextPath()` one after another for `duration`
 * seconds; X-Cache counted.
 */
async function load(nextPath, duration, cookie) {
  const until = Date.now() + duration * 1000;
  let ok = 0;
  let failed = 0;
  const latencies = [];
  const xCache = {};
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const res = await get(nextPath(), { discard: true, cookie });
          if (res.status === 200) ok++;
          else failed++;
          const state = res.headers["x-cache"] ?? "none";
          xCache[state] = (xCache[state] ?? 0) + 1;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1);
  return { rps: ok / duration, ok, failed, p50: pct(0.5), p95: pct(0.95), xCache };
}

/** The throughput of `path`, for guests or for the member of `cookie` (named `label` in the figures). */
async function throughput(path, { cookie, label = path } = {}) {
  return { path: label, ...(await load(() => path, seconds, cookie)) };
}

/** The demo member's session (the seeded 林靜宜, who has orders), as the Cookie header a browser would send. */
async function memberCookie() {
  const res = await fetch(`${base}/api/frontend/member/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...guest() },
    body: JSON.stringify({ email: "demo@example.com", password: "Demo1234" }),
  });
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!res.ok || cookies.length === 0) throw new Error(`the demo member could not sign in: HTTP ${res.status}`);
  return cookies.join("; ");
}

/** A member's pages (issue 25: members as fast as guests), with the goal of each ratio to /healthz. */
const MEMBER_PAGES = [
  ["member product", "/product/1", 0.6],
  ["member orders", "/member/orders", 0.4],
  ["member cart", "/api/frontend/cart/cache", null],
];

/**
 * What a member page is made of, each measured alone: a page rendered on every request that makes one small API call
 * (guest /login: /env), that call by itself, and the two calls /member/orders makes in-process (its layout's profile
 * for the greeting, and the orders). A direct API request pays /healthz's floor too, so a call made in-process costs
 * about its time less the floor's. `member` marks the ones made as the demo member.
 */
const PART_PAGES = [
  ["render + /env", "/login", false],
  ["API /env", "/api/frontend/env", false],
  ["API profile", "/api/frontend/member/profile", true],
  ["API orders", "/api/frontend/member/orders", true],
];

const checkoutRuns = Math.min(Math.max(Math.floor(Number(values["checkout-runs"])) || 0, 0), 50);
const timesCheckout = !values.browse && !values["latency-only"] && checkoutRuns > 0;
/**
 * The checkout's servers listen on the two ports after --port: a server just stopped on --port may hold it a moment
 * longer (its connections closing), and the next one would fail to bind it.
 */
const mailOnPort = String(Number(values.port) + 1);
const mailOffPort = String(Number(values.port) + 2);

// Another server on a port would be measured instead of ours: refuse to start.
for (const port of timesCheckout || values["checkout-only"] ? [values.port, mailOnPort, mailOffPort] : [values.port]) {
  const answers = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (answers) {
    console.error(`Port ${port} is already in use: stop that server or pass --port.`);
    process.exit(1);
  }
}

const persist = `.wrangler/bench-${values.products}`;
/**
 * Starts serve-built on the bench's database (seeding it the first time) with `vars` (NAME:VALUE); the server log
 * goes to `${persist}.log`.
 */
function startServer(vars = [], { port = values.port, dir = persist } = {}) {
  const seeded = existsSync(`${dir}/.seeded`);
  const extra = [
    "--products",
    values.products,
    ...(seeded ? ["--skip-seed"] : []),
    ...vars.flatMap((v) => ["--var", v]),
  ];
  return startBuiltServer({ port, persist: dir, extra, appendLog: true });
}

async function latency(label, makePath) {
  const samples = Math.min(Number(values.samples), 500);
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await get(makePath(i));
    if (res.status !== 200) {
      throw new Error(`${label}: HTTP ${res.status} ${res.body.slice(0, 200)} (server log: ${persist}.log)`);
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(1);
  console.info(`  ${label.padEnd(44)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
}
async function throughputAndSize() {
  console.info(
    "\nClient JS of a first visit, per route (gzip -9 of every module it loads; see scripts/lib/first-load-js.mjs):",
  );
  for (const route of measureFirstLoadJs()) {
    console.info(
      `  ${route.id.padEnd(30)} ${kib(route.gzip).padStart(6)} KiB gzip (${kib(route.raw)} KiB raw, ${route.files} files)  ${route.path}`,
    );
  }

  console.info(
    `\nThroughput of guest pages, ${connections} connections, ${seconds} s each, alternating (warm-up first):`,
  );
  const cookie = await memberCookie();
  const memberRun = ([label, path]) => throughput(path, { cookie, label });
  for (const [, path] of GUEST_PAGES) await throughput(path);
  for (const page of MEMBER_PAGES) await memberRun(page);
  const partRun = ([label, path, member]) => throughput(path, { cookie: member ? cookie : undefined, label });
  for (const part of PART_PAGES) await partRun(part);
  const rounds = [];
  for (let i = 0; i < 2; i++) {
    rounds.push(await throughput("/healthz"));
    for (const [, path] of GUEST_PAGES) rounds.push(await throughput(path));
    for (const page of MEMBER_PAGES) rounds.push(await memberRun(page));
    for (const part of PART_PAGES) rounds.push(await partRun(part));
  }
  for (const r of rounds) {
    const cache = Object.entries(r.xCache)
      .map(([state, n]) => `${state} ${n}`)
      .join(", ");
    console.info(
      `  ${r.path.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  failed ${r.failed}  X-Cache: ${cache}`,
    );
  }
  const mean = (path) => {
    const runs = rounds.filter((r) => r.path === path);
    return runs.reduce((s, r) => s + r.rps, 0) / runs.length;
  };
  console.info("\nRatio to /healthz (mean of both rounds; the goal for guests is ≥ 0.6):");
  for (const [name, path] of GUEST_PAGES) {
    console.info(`  ${name.padEnd(8)} ${path.padEnd(20)} ${(mean(path) / mean("/healthz")).toFixed(2)}`);
  }
  console.info("\nA member's ratio to /healthz (the same run; the goals of issue 25):");
  for (const [label, path, goal] of MEMBER_PAGES) {
    const ratio = mean(label) / mean("/healthz");
    const verdict = goal === null ? "" : `  goal ≥ ${goal}: ${ratio >= goal ? "met" : "NOT met"}`;
    console.info(`  ${label.padEnd(15)} ${path.padEnd(26)} ${ratio.toFixed(2)}${verdict}`);
  }
  console.info("\nWhat /member/orders is made of (the same run, ratios to /healthz):");
  for (const [label, path] of PART_PAGES) {
    console.info(`  ${label.padEnd(15)} ${path.padEnd(30)} ${(mean(label) / mean("/healthz")).toFixed(2)}`);
  }
  const ceiling = throughputCeiling({
    healthz: mean("/healthz"),
    render: mean("render + /env"),
    renderCalls: [mean("API /env")],
    calls: [mean("API profile"), mean("API orders")],
  });
  console.info(
    `  the most /member/orders could reach with a member layout and an orders table that cost nothing: ${ceiling.toFixed(2)}`,
  );
}

/** Guest pages of a mixed browse: popular pages, varying ids and pages, and links with junk parameters. */
function browsePath(n) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const junk = () => (Math.random() < 0.2 ? `utm_source=bench&x=${Math.floor(Math.random() * 1e6)}` : "");
  const withJunk = (path) => {
    const extra = junk();
    return extra ? `${path}${path.includes("?") ? "&" : "?"}${extra}` : path;
  };
  const roll = Math.random();
  if (roll < 0.35) return withJunk(`/product/${1 + Math.floor(Math.random() * n)}`);
  if (roll < 0.5) return withJunk("/");
  if (roll < 0.65) {
    const list = pick(["/product/new-books", "/product/picks", "/product/ebooks"]);
    return withJunk(`${list}?page=${1 + Math.floor(Math.random() * 5)}${Math.random() < 0.3 ? "&sort=price_asc" : ""}`);
  }
  if (roll < 0.8) {
    const q = pick(["生活", "佛法", "禪修", "心經", "慈悲", "人間"]);
    return withJunk(`/search?q=${encodeURIComponent(q)}`);
  }
  if (roll < 0.9) return withJunk(pick(["/news/list", "/activity/list", "/article/list", "/product/type"]));
  return withJunk(`/article/${1 + Math.floor(Math.random() * 20)}`);
}

async function browse(duration) {
  const products = 100;
  console.info(
    `\nMixed guest browse, ${connections} connections, ${duration} s (products 1–${products}, lists, search, news,` +
      " articles; a fifth of the links carry junk parameters):",
  );
  const r = await load(() => browsePath(products), duration);
  const counted = Object.values(r.xCache).reduce((s, n) => s + n, 0);
  const share = (states) => states.reduce((s, state) => s + (r.xCache[state] ?? 0), 0) / Math.max(1, counted);
  console.info(
    `  ${r.ok} pages, ${r.rps.toFixed(0)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  failed ${r.failed}\n` +
      `  X-Cache: ${Object.entries(r.xCache)
        .map(([state, n]) => `${state} ${n}`)
        .join(", ")}\n` +
      `  edge cache hit rate: ${(share(["HIT"]) * 100).toFixed(1)} % HIT, ` +
      `${(share(["HIT", "STALE", "STALE-IF-ERROR"]) * 100).toFixed(1)} % served from the cache`,
  );
}

async function apiLatency() {
  // The edge cache answers junk parameters and HEADs from the stored entry (worker/cache/), so nothing a reader can
  // send keeps it out of the measurement: this server runs with DEV_API_CACHE_BYPASS=on.
  console.info(`API latency at ${values.products} products, one request at a time, edge cache bypassed:`);
  await latency(
    "search, 3+ characters (trigram index)",
    () => `/api/frontend/search?q=${encodeURIComponent("生活美學")}`,
  );
  await latency(
    "search, 2 characters (substring fallback)",
    () => `/api/frontend/search?q=${encodeURIComponent("慈悲")}`,
  );
  await latency("search, 1 character (substring fallback)", () => `/api/frontend/search?q=${encodeURIComponent("禪")}`);
  await latency(
    "suggestions, 3+ characters",
    () => `/api/frontend/search/suggestions?q=${encodeURIComponent("心經講")}`,
  );
  await latency("listing, newest first", () => "/api/frontend/products");
  await latency("listing, a type by price", () => "/api/frontend/products?type_id=1&sort=price_asc");
  await latency("listing, e-books, page 20", () => "/api/frontend/products?format=2&page=20");
  await latency("product detail", (i) => `/api/frontend/products/${1 + (i % 50)}`);
  await latency("home sections", () => "/api/frontend/home");
  await latency("news, one type, page 3", () => "/api/frontend/news?type=2&page=3");
  await latency("activities, upcoming", () => "/api/frontend/activities");
  await latency("articles, page 5", () => "/api/frontend/articles?page=5");
  await latency("article detail", (i) => `/api/frontend/articles/${1 + (i % 50)}`);
}

/**
 * Mail on and mail off, compared on the checkout: two servers with the stand-in gateway and the development mailbox
 * as `npm start` runs them, on the bench's database (mail on) and a copy of it (mail off), so both start from the same
 * data; one has SITE_URL set to its own origin and writes order mail, the other has SITE_URL empty and writes none.
 * Both run at once and the timed checkouts alternate between them (on, off, then off, on, …), so a busier moment of
 * the machine falls on both alike.
 */
async function checkoutMail() {
  if (server) await stopServer(server);
  server = null;
  const offDir = `${persist}-mail-off`;
  rmSync(offDir, { recursive: true, force: true });
  cpSync(persist, offDir, { recursive: true });
  const on = { name: "mail on", port: mailOnPort, dir: persist };
  const off = { name: "mail off", port: mailOffPort, dir: offDir };
  for (const s of [on, off]) {
    s.base = `http://127.0.0.1:${s.port}`;
    s.logFrom = existsSync(`${s.dir}.log`) ? statSync(`${s.dir}.log`).size : 0;
    const siteUrl = s === on ? s.base : "";
    s.server = startServer([...localPaymentVars(s.port), "DEV_MAILBOX:on", `SITE_URL:${siteUrl}`], s);
    checkoutServers.push(s.server);
    s.results = [];
  }
  await Promise.all([on, off].map((s) => waitUntilUp(s.base, 60)));

  console.info(
    `
Checkout in Chromium, order mail on (SITE_URL ${on.base}) against off (SITE_URL empty), ${checkoutRuns} runs` +
      " each, alternating (one warm-up run each first, not counted):",
  );
  const browser = await launchBrowser();
  try {
    await checkoutRun(browser, on.base, -1);
    await checkoutRun(browser, off.base, -1);
    for (let i = 0; i < checkoutRuns; i++) {
      for (const s of i % 2 === 0 ? [on, off] : [off, on]) s.results.push(await checkoutRun(browser, s.base, i));
    }
  } finally {
    await browser.close();
  }

  const stats = Object.fromEntries([on, off].map((s) => [s.name, checkoutStats(s.results)]));
  // Labels padded by their width on a terminal (a CJK character takes two columns).
  const padLabel = (text, width) =>
    text + " ".repeat(Math.max(0, width - [...text].length - (text.match(/[\u2e80-\uffef]/gu)?.length ?? 0)));
  const col = (value) => String(value).padStart(8);
  console.info(
    `  ${padLabel("(ms)", 30)}${col("on p50")}${col("on p95")}${col("off p50")}${col("off p95")}   on/off p50   p95`,
  );
  for (const [part, label] of Object.entries(CHECKOUT_PARTS)) {
    const a = stats["mail on"][part];
    const b = stats["mail off"][part];
    console.info(
      `  ${padLabel(label, 30)}${col(a.p50.toFixed(0))}${col(a.p95.toFixed(0))}${col(b.p50.toFixed(0))}${col(b.p95.toFixed(0))}` +
        `   ${(a.p50 / b.p50).toFixed(2).padStart(10)} ${(a.p95 / b.p95).toFixed(2).padStart(5)}`,
    );
  }

  // Was mail written? Each member's mailbox on each server (mail reaches it through the queue about a second after
  // it was written), and the mail-off server's log lines for the mails it did not write.
  const subjects = async (s, email) => {
    const res = await fetch(`${s.base}/_dev/mail?to=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`${s.name}: /_dev/mail answered HTTP ${res.status}: ${await res.text()}`);
    return (await res.json()).map((m) => m.subject);
  };
  const count = async (s, match) => {
    let n = 0;
    for (const r of s.results) if ((await subjects(s, r.email)).some((subject) => subject.includes(match))) n++;
    return n;
  };
  for (let wait = 0; wait < 20 && (await count(on, "付款完成通知")) < on.results.length; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const example = on.results.at(-1).email;
  console.info(
    `  mail on:  ${await count(on, "訂單成立通知")}/${on.results.length} members have 訂單成立通知, ` +
      `${await count(on, "付款完成通知")}/${on.results.length} 付款完成通知 at /_dev/mail ` +
      `(e.g. ${example}: ${(await subjects(on, example)).join(" · ")})`,
  );
  let offMails = 0;
  for (const r of off.results) offMails += (await subjects(off, r.email)).length;
  const notWritten = {};
  for (const line of readFileSync(`${off.dir}.log`).subarray(off.logFrom).toString("utf8").split("\n")) {
    const kind = line.includes("not written: SITE_URL is empty") && /"kind":"([^"]+)"/.exec(line)?.[1];
    if (kind) notWritten[kind] = (notWritten[kind] ?? 0) + 1;
  }
  console.info(
    `  mail off: ${offMails} mails at /_dev/mail for its ${off.results.length} members; "not written: SITE_URL is ` +
      `empty" logged for ${
        Object.entries(notWritten)
          .map(([kind, n]) => `${kind} ×${n}`)
          .join(", ") || "nothing"
      } (warm-up included)`,
  );
  for (const s of [on, off]) await stopServer(s.server);
}

let server = null;
/** The checkout comparison's servers, stopped at the end whatever happens. */
const checkoutServers = [];
/** Serves the rest of the bench from a server started with `vars`, the seeding run waiting longest. */
async function serve(vars) {
  if (server) await stopServer(server);
  const seeded = existsSync(`${persist}/.seeded`);
  server = startServer(vars);
  await waitUntilUp(base, seeded ? 60 : 900);
  writeFileSync(`${persist}/.seeded`, new Date().toISOString());
}

try {
  if (values.browse) {
    await serve([]);
    await browse(Math.min(Number(values.browse), 120));
  } else if (values["checkout-only"]) {
    // The bench's database is seeded by its first server.
    if (!existsSync(`${persist}/.seeded`)) await serve([]);
    if (checkoutRuns > 0) await checkoutMail();
  } else {
    await serve(["DEV_API_CACHE_BYPASS:on"]);
    await apiLatency();
    if (!values["latency-only"]) {
      await serve([]);
      await throughputAndSize();
      if (timesCheckout) await checkoutMail();
    }
  }
} finally {
  agent.destroy();
  if (server) await stopServer(server);
  for (const s of checkoutServers) if (s.exitCode === null && s.signalCode === null) await stopServer(s);
}
process.exit(0);
