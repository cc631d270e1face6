#!/usr/bin/env node
// Benchmarks (figures and ratios; never asserted in tests, these machines are shared and noisy):
//  1. client JS (gzip -9) that a first visit of each route loads, from the build's route manifest;
//  2. throughput of guest pages (a product, home, a list, search) against /healthz, measured in one run on the
//     built worker on workerd, with each page's ratio to /healthz;
//  3. API latency (p50/p95, one request at a time) of search, listings and editorial reads, on a server started with
//     DEV_API_CACHE_BYPASS=on so the API itself is measured, not the edge cache;
//  4. with --browse SECONDS instead: a mixed guest browse (products, lists and pages with varying ids, pages and
//     junk parameters) that prints the edge cache's hit rate from the documents' X-Cache headers.
//   npm run bench -- [--seconds 8] [--connections 10] [--port 8797] [--products 600] [--latency-only] [--browse 60]
// --products 100000 seeds a catalogue of that size into .wrangler/bench-<N> (kept, so later runs reuse it).
// Needs `npm run build` first. Loads only 127.0.0.1, bounded in time.
import "./lib/project-env.mjs";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { kib, measureFirstLoadJs } from "./lib/first-load-js.mjs";
import { startBuiltServer, stopServer, waitUntilUp } from "./lib/local-server.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "8797" },
    products: { type: "string", default: "600" },
    "latency-only": { type: "boolean", default: false },
    samples: { type: "string", default: "60" },
    browse: { type: "string" },
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

/** A guest's GET; with `discard`, the body is read and thrown away (load runs measure the server, not this). */
function get(path, { discard = false, method = "GET" } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent, headers: guest() }, (res) => {
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

/** `connections` guests requesting `nextPath()` one after another for `duration` seconds; X-Cache counted. */
async function load(nextPath, duration) {
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
          const res = await get(nextPath(), { discard: true });
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

async function throughput(path) {
  return { path, ...(await load(() => path, seconds)) };
}

// Another server on the port would be measured instead of ours: refuse to start.
try {
  await get("/healthz");
  console.error(`Port ${values.port} is already in use: stop that server or pass --port.`);
  process.exit(1);
} catch {
  // free, as it should be
}

const persist = `.wrangler/bench-${values.products}`;
/**
 * Starts serve-built on the bench's database (seeding it the first time) with `vars` (NAME:VALUE); the server log
 * goes to `${persist}.log`.
 */
function startServer(vars = []) {
  const seeded = existsSync(`${persist}/.seeded`);
  const extra = [
    "--products",
    values.products,
    ...(seeded ? ["--skip-seed"] : []),
    ...vars.flatMap((v) => ["--var", v]),
  ];
  return startBuiltServer({ port: values.port, persist, extra, appendLog: true });
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
  for (const [, path] of GUEST_PAGES) await throughput(path);
  const rounds = [];
  for (let i = 0; i < 2; i++) {
    rounds.push(await throughput("/healthz"));
    for (const [, path] of GUEST_PAGES) rounds.push(await throughput(path));
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

let server = null;
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
  } else {
    await serve(["DEV_API_CACHE_BYPASS:on"]);
    await apiLatency();
    if (!values["latency-only"]) {
      await serve([]);
      await throughputAndSize();
    }
  }
} finally {
  agent.destroy();
  if (server) await stopServer(server);
}
process.exit(0);
