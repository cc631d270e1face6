#!/usr/bin/env node
// Benchmarks (figures and ratios; never asserted in tests, these machines are shared and noisy):
//  1. client JS (gzip) that a first visit of the home and a product page loads;
//  2. throughput of /product/{id} against /healthz, measured in one run on the built worker on workerd.
//   node scripts/bench.mjs [--seconds 8] [--connections 10] [--port 8790]
// Needs `npm run build` first. Loads only 127.0.0.1, bounded in time.
import "./lib/project-env.mjs";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "8790" },
  },
});
const seconds = Math.min(Number(values.seconds), 60);
const connections = Math.min(Number(values.connections), 64);
const base = `http://127.0.0.1:${values.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

function get(path) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: { "User-Agent": CHROME_UA } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
  });
}

async function waitUntilUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await get("/healthz")).status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

async function throughput(path) {
  const until = Date.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const res = await get(path);
          if (res.status === 200) ok++;
          else failed++;
        } catch {
          failed++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1);
  return { path, rps: ok / seconds, failed, p50: pct(0.5), p95: pct(0.95) };
}

function clientJs(html) {
  const files = new Set();
  for (const m of html.matchAll(
    /<(?:link rel="modulepreload"|script type="module")[^>]*(?:href|src)="(\/assets\/[^"]+\.js)"/g,
  )) {
    files.add(m[1]);
  }
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)|from "(\/assets\/[^"]+\.js)"/g)) {
    files.add(m[1] ?? m[2]);
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(`build/client${file}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
}

const server = spawn(
  "node",
  ["scripts/serve-built.mjs", "--port", values.port, "--persist-to", ".wrangler/bench", "--fresh-db"],
  { stdio: "ignore", detached: true },
);
try {
  await waitUntilUp();
  console.info("Client JS of a first visit (gzip -9 of every module the page loads):");
  for (const [name, path] of [
    ["home", "/"],
    ["product", "/product/1"],
  ]) {
    const js = clientJs((await get(path)).body);
    console.info(
      `  ${name.padEnd(8)} ${(js.gzip / 1024).toFixed(1)} KiB gzip (${(js.raw / 1024).toFixed(1)} KiB raw, ${js.files} files)`,
    );
  }

  console.info(`\nThroughput, ${connections} connections, ${seconds} s each, alternating (warm-up first):`);
  await throughput("/product/1");
  const rounds = [];
  for (let i = 0; i < 2; i++) rounds.push(await throughput("/healthz"), await throughput("/product/1"));
  for (const r of rounds) {
    console.info(
      `  ${r.path.padEnd(11)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  failed ${r.failed}`,
    );
  }
  const mean = (path) => rounds.filter((r) => r.path === path).reduce((s, r) => s + r.rps, 0) / 2;
  console.info(`\nratio /product/{id} ÷ /healthz: ${(mean("/product/1") / mean("/healthz")).toFixed(2)}`);
} finally {
  process.kill(-server.pid, "SIGTERM");
  agent.destroy();
}
