#!/usr/bin/env node
// Lighthouse (mobile, the default form factor) against the built storefront on workerd: the median of 3 runs per
// page for performance, LCP, accessibility, best practices and SEO, plus what the LCP element is and waits for.
//   npm run lighthouse -- [--runs 3] [--port 8798] [--pages home,list,product,search]
// Lighthouse is not a dependency of the project (its install tree breaks `npm ci`, see TOOLCHAIN.md): this script
// installs the pinned version once into .wrangler/tools/ and runs it with Debian's Chromium (CHROME_PATH).
// Needs `npm run build` first. Figures, not assertions: these machines are shared and noisy.
// A run Lighthouse aborts (NO_NAVSTART under load and similar runtime errors) is retried; a page whose runs all fail
// is reported as such and the report goes on with the other pages.
import "./lib/project-env.mjs";
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";

const LIGHTHOUSE_VERSION = "13.5.0";
const ATTEMPTS_PER_RUN = 4;
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "8798" },
    pages: { type: "string", default: "" },
  },
});
const runs = Math.max(1, Math.min(Number(values.runs), 9));
const base = `http://127.0.0.1:${values.port}`;

const ALL_PAGES = [
  ["home", "/"],
  ["list", "/product/new-books"],
  ["product", "/product/1"],
  ["search", `/search?q=${encodeURIComponent("生活")}`],
];
const wanted = values.pages ? values.pages.split(",") : ALL_PAGES.map(([name]) => name);
const PAGES = ALL_PAGES.filter(([name]) => wanted.includes(name));

const toolDir = join(".wrangler", "tools", `lighthouse-${LIGHTHOUSE_VERSION}`);
const cli = join(toolDir, "node_modules", "lighthouse", "cli", "index.js");
if (!existsSync(cli)) {
  console.info(`Installing lighthouse ${LIGHTHOUSE_VERSION} into ${toolDir} (once)…`);
  mkdirSync(toolDir, { recursive: true });
  execFileSync(
    "npm",
    ["install", "--prefix", toolDir, "--no-save", "--no-audit", "--no-fund", `lighthouse@${LIGHTHOUSE_VERSION}`],
    { stdio: "inherit" },
  );
}

if (
  await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  )
) {
  console.error(`Something already listens on ${base}: choose another --port.`);
  process.exit(1);
}

// The server is started again (same data) if it stops during the report, e.g. killed on a busy shared machine.
let server;
function startServer(fresh) {
  server = spawn(
    "node",
    [
      "scripts/serve-built.mjs",
      "--port",
      values.port,
      "--persist-to",
      ".wrangler/lighthouse",
      ...(fresh ? ["--fresh-db"] : ["--skip-seed"]),
    ],
    { stdio: "ignore", detached: true },
  );
  server.exited = false;
  server.on("exit", () => {
    server.exited = true;
  });
}
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);
startServer(true);

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

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const reportPath = join(".wrangler", "tools", `report-${values.port}.json`);

/** One Lighthouse run; throws with Lighthouse's own error code (e.g. NO_NAVSTART) when it aborts. */
async function lighthouseOnce(url) {
  rmSync(reportPath, { force: true });
  try {
    await promisify(execFile)(
      "node",
      [
        cli,
        url,
        "--output=json",
        `--output-path=${reportPath}`,
        "--quiet",
        `--only-categories=${CATEGORIES.join(",")}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium" }, maxBuffer: 1 << 24 },
    );
  } catch (error) {
    // The CLI writes the report before it exits with a runtime error; prefer the code in the report.
    const code = existsSync(reportPath) ? readReport().runtimeError?.code : undefined;
    const stderr = String(error.stderr ?? "").trim();
    throw new Error(code ?? (stderr.match(/\b[A-Z][A-Z_]{4,}\b/)?.[0] || stderr.split("\n").at(-1) || error.message));
  }
  const report = readReport();
  if (report.runtimeError) throw new Error(report.runtimeError.code);
  return summarise(report);
}

function readReport() {
  return JSON.parse(readFileSync(reportPath, "utf8"));
}

/** Retries a run Lighthouse aborted; returns null only when every attempt failed. */
async function lighthouse(url, label) {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    try {
      if (server.exited) {
        console.info(`  (${label}: the server had stopped; starting it again)`);
        startServer(false);
        await waitUntilUp();
      }
      return await lighthouseOnce(url);
    } catch (error) {
      const last = attempt === ATTEMPTS_PER_RUN;
      console.info(
        `  (${label}: Lighthouse aborted with ${error.message}; ${last ? "giving up this run" : "retrying"})`,
      );
      if (!last) await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
  return null;
}

// Lighthouse 13 folded the `largest-contentful-paint-element` audit into the LCP breakdown insight; read either.
function lcpElement(report) {
  const details = [report.audits["largest-contentful-paint-element"], report.audits["lcp-breakdown-insight"]]
    .map((audit) => audit?.details)
    .find(Boolean);
  const parts = details?.type === "list" ? details.items : details ? [details] : [];
  const node = parts.flatMap((p) => (p.type === "node" ? [p] : (p.items ?? []).filter((i) => i.node)))[0];
  const element = node?.node ?? node;
  const phases = parts
    .flatMap((p) => (p.type === "table" ? p.items : []))
    .filter((i) => i.duration !== undefined)
    .map((i) => `${i.subpart ?? i.phase ?? i.label} ${Math.round(i.duration)}`);
  return {
    element: element ? `${element.snippet ?? element.selector ?? "?"}`.replace(/\s+/g, " ").slice(0, 160) : "none",
    phases: phases.join(", "),
  };
}

function summarise(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const scripts = (report.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  // The audits that cost points outside performance, so a score below 100 names its cause.
  const losses = CATEGORIES.slice(1).flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  const discovery = report.audits["lcp-discovery-insight"]?.details?.items?.find((i) => i.type === "checklist");
  const discoveryMisses = Object.entries(discovery?.items ?? {})
    .filter(([, check]) => check.value === false)
    .map(([key]) => key);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: report.audits["largest-contentful-paint"]?.numericValue ?? 0,
    fcp: report.audits["first-contentful-paint"]?.numericValue ?? 0,
    si: report.audits["speed-index"]?.numericValue ?? 0,
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    tbt: report.audits["total-blocking-time"]?.numericValue ?? 0,
    // Lighthouse's measure of this machine's CPU: the simulated 4x slowdown is of this machine, so TBT moves with it.
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
    scriptKiB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    lcpElement: lcpElement(report),
    renderBlocking: (report.audits["render-blocking-insight"]?.details?.items ?? []).map((i) => i.url).join(" "),
    discoveryMisses,
    losses,
    // What the blocking time is made of: the longest main-thread tasks and the script they ran.
    longTasks: (report.audits["long-tasks"]?.details?.items ?? [])
      .slice(0, 4)
      .map((t) => `${Math.round(t.duration)} ms ${String(t.url).replace(base, "")}`),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (value, width) => String(value).padStart(width);

try {
  await waitUntilUp();
  const started = Date.now();
  const loadBefore = loadavg()[0].toFixed(2);
  console.info(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${runs} runs (${base}):`);
  const rows = [];
  const notes = [];
  const benchmarks = [];
  for (const [name, path] of PAGES) {
    await lighthouse(`${base}${path}`, `${name} warm-up`); // the edge cache and workerd
    const results = [];
    for (let i = 1; i <= runs; i++) {
      const result = await lighthouse(`${base}${path}`, `${name} run ${i}`);
      if (result) results.push(result);
      if (result?.benchmarkIndex) benchmarks.push(Math.round(result.benchmarkIndex));
    }
    if (results.length === 0) {
      rows.push(`  ${name.padEnd(8)} every run aborted`);
      continue;
    }
    const m = (key) => median(results.map((r) => r[key]));
    rows.push(
      `  ${name.padEnd(8)}${pad(m("performance"), 5)}${pad((m("lcp") / 1000).toFixed(2), 7)}${pad(m("accessibility"), 6)}${pad(m("bestPractices"), 6)}${pad(m("seo"), 5)}${pad((m("fcp") / 1000).toFixed(2), 7)}${pad((m("si") / 1000).toFixed(2), 6)}${pad(m("cls").toFixed(3), 7)}${pad(m("tbt").toFixed(0), 7)}${pad(m("scriptKiB").toFixed(1), 8)}${pad(`${results.length}/${runs}`, 6)}`,
    );
    // The run whose LCP is the median one explains the page's LCP.
    const typical = results.find((r) => r.lcp === m("lcp")) ?? results[0];
    notes.push(`  ${name}: LCP element ${typical.lcpElement.element}`);
    if (typical.lcpElement.phases) notes.push(`      LCP phases (ms): ${typical.lcpElement.phases}`);
    if (typical.renderBlocking) notes.push(`      render-blocking: ${typical.renderBlocking}`);
    if (typical.discoveryMisses.length) notes.push(`      LCP discovery misses: ${typical.discoveryMisses.join(", ")}`);
    if (typical.longTasks.length) notes.push(`      longest tasks: ${typical.longTasks.join(", ")}`);
    const losses = [...new Set(results.flatMap((r) => r.losses))];
    if (losses.length) notes.push(`      audits losing points: ${losses.join(", ")}`);
  }
  console.info("  page      perf  LCP s  a11y  best  seo  FCP s  SI s    CLS TBT ms  JS KiB  runs");
  for (const row of rows) console.info(row);
  for (const note of notes) console.info(note);
  // The machine is shared: the load average and the CPU benchmark say how much the figures can be trusted.
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const benchmark = benchmarks.length
    ? `; Lighthouse benchmarkIndex ${Math.min(...benchmarks)}–${Math.max(...benchmarks)}`
    : "";
  console.info(
    `  (${seconds} s; 1-minute load average ${loadBefore} at the start, ${loadavg()[0].toFixed(2)} at the end${benchmark})`,
  );
} finally {
  stop();
}
