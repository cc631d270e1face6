#!/usr/bin/env node
// Lighthouse (mobile, the default form factor) against the built storefront on workerd: the median of 3 runs per
// page for performance, accessibility, best practices and SEO, plus the script bytes each page transferred.
//   npm run lighthouse -- [--runs 3] [--port 8798]
// Lighthouse is not a dependency of the project (its install tree breaks `npm ci`, see TOOLCHAIN.md): this script
// installs the pinned version once into .wrangler/tools/ and runs it with Debian's Chromium (CHROME_PATH).
// Needs `npm run build` first. Figures, not assertions: these machines are shared and noisy.
import "./lib/project-env.mjs";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const LIGHTHOUSE_VERSION = "13.5.0";
const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, port: { type: "string", default: "8798" } },
});
const runs = Math.max(1, Math.min(Number(values.runs), 9));
const base = `http://127.0.0.1:${values.port}`;

const PAGES = [
  ["home", "/"],
  ["list", "/product/new-books"],
  ["product", "/product/1"],
  ["search", `/search?q=${encodeURIComponent("生活")}`],
];

const toolDir = join(".wrangler", "tools", `lighthouse-${LIGHTHOUSE_VERSION}`);
const cli = join(toolDir, "node_modules", "lighthouse", "cli", "index.js");
if (!existsSync(cli)) {
  console.info(`Installing lighthouse ${LIGHTHOUSE_VERSION} into ${toolDir} (once)…`);
  mkdirSync(toolDir, { recursive: true });
  execFileSync(
    "npm",
    ["install", "--prefix", toolDir, "--no-save", "--no-audit", "--no-fund", `lighthouse@${LIGHTHOUSE_VERSION}`],
    {
      stdio: "inherit",
    },
  );
}

const server = spawn(
  "node",
  ["scripts/serve-built.mjs", "--port", values.port, "--persist-to", ".wrangler/lighthouse", "--fresh-db"],
  { stdio: "ignore", detached: true },
);
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

async function waitUntilUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function lighthouse(url) {
  const out = join(".wrangler", "tools", "report.json");
  rmSync(out, { force: true });
  execFileSync(
    "node",
    [
      cli,
      url,
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" },
    },
  );
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const scripts = (report.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: report.audits["largest-contentful-paint"]?.numericValue ?? 0,
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    tbt: report.audits["total-blocking-time"]?.numericValue ?? 0,
    scriptKiB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await waitUntilUp();
  console.info(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${runs} runs (${base}):`);
  console.info("  page      perf  a11y  best  seo    LCP ms   CLS    TBT ms  JS transferred");
  for (const [name, path] of PAGES) {
    lighthouse(`${base}${path}`); // warm-up: the edge cache and workerd
    const results = Array.from({ length: runs }, () => lighthouse(`${base}${path}`));
    const m = (key) => median(results.map((r) => r[key]));
    console.info(
      `  ${name.padEnd(8)} ${String(m("performance")).padStart(5)} ${String(m("accessibility")).padStart(5)} ${String(m("bestPractices")).padStart(5)} ${String(m("seo")).padStart(4)} ${m("lcp").toFixed(0).padStart(9)} ${m("cls").toFixed(3).padStart(6)} ${m("tbt").toFixed(0).padStart(8)}  ${m("scriptKiB").toFixed(1)} KiB`,
    );
  }
} finally {
  stop();
}
