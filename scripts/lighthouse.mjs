#!/usr/bin/env node
// Lighthouse (mobile, the default form factor) against the built storefront on workerd: the median of 3 runs per
// page for performance, LCP, accessibility, best practices and SEO, plus what the LCP element is and waits for, the total
// blocking time and the longest main-thread tasks with what they spent their time on.
//   npm run lighthouse -- [--runs 3] [--port 8798] [--pages home,list,product,search] [--no-calibrate | --cpu-slowdown N]
//                         [--no-floor]
// CPU slowdown: Lighthouse's 4x is relative to the machine it runs on, so the same page's TBT moves with the host (this
// shared machine's benchmarkIndex has ranged from under 1000 to over 2000). By default the script first measures the
// machine's benchmarkIndex (5 quick Lighthouse runs, the median) and passes the cpuSlowdownMultiplier Lighthouse's own
// calibration gives for it (see slowdownFor), so every run emulates the same reference mid-tier phone. --cpu-slowdown N
// passes N instead; --no-calibrate keeps Lighthouse's default 4x (figures comparable with reports made that way).
// Lighthouse is not a dependency of the project (its install tree breaks `npm ci`, see TOOLCHAIN.md): this script
// installs the pinned version once into .wrangler/tools/ and runs it with Debian's Chromium (CHROME_PATH).
// The last row, "floor", is the same runs on a page of one heading and one sentence with no script, image or stylesheet,
// served by this script: what this machine and this Chromium cost any page at that slowdown (--no-floor leaves it out).
// Needs `npm run build` first. Figures, not assertions: these machines are shared and noisy.
// A run Lighthouse aborts (NO_NAVSTART under load and similar runtime errors) is retried; a page whose runs all fail
// is reported as such and the report goes on with the other pages.
import "./lib/project-env.mjs";
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, promisify } from "node:util";

const LIGHTHOUSE_VERSION = "13.5.0";
const ATTEMPTS_PER_RUN = 4;
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "8798" },
    pages: { type: "string", default: "" },
    calibrate: { type: "boolean", default: true },
    "cpu-slowdown": { type: "string" },
    floor: { type: "boolean", default: true },
  },
  allowNegative: true,
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

/** The floor page: the least a page can be (a zh-TW heading and sentence), so its figures are the machine's alone. */
const FLOOR_PAGE = `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>基準頁</title><meta name="description" content="只有一個標題和一句話的頁面，量測這部機器的底線。"></head><body><h1>基準頁</h1><p>這一頁沒有指令碼、圖片或樣式表。</p></body></html>`;

/** Serves the floor page on a free local port; its address. */
async function startFloorServer() {
  const floorServer = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(FLOOR_PAGE);
  });
  await new Promise((listening) => floorServer.listen(0, "127.0.0.1", listening));
  floorServer.unref();
  return `http://127.0.0.1:${floorServer.address().port}/`;
}

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
// Where --save-assets puts the run's trace and DevTools log (beside the report, "-0" for the first pass).
const tracePath = reportPath.replace(/\.json$/, "-0.trace.json");
const devtoolsLogPath = reportPath.replace(/\.json$/, "-0.devtoolslog.json");
/** Lighthouse's default mobile CPU slowdown (core/config/constants.js), for a machine of benchmarkIndex ≈ 1533. */
const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;
const CALIBRATION_RUNS = 5;

/**
 * The cpuSlowdownMultiplier that makes a machine of this benchmarkIndex emulate Lighthouse's reference mid-tier mobile
 * device, by Lighthouse's documented calibration: docs/throttling.md ("Calibrating the CPU slowdown", GoogleChrome/
 * lighthouse) points to its CPU throttling calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator,
 * pages/index.js, computeMultiplierMessages), which maps the index linearly between these points: 150 → 1x,
 * 800 → 2x, 1300 → 3x, then 1x more per 233 (1533 → 4x, Lighthouse's default; 1766 → 5x; 2000 → 6x). Below 150 the
 * calculator says the machine is too slow to emulate the device at all (null here). Rounded to a tenth, as it shows.
 */
function slowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null;
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/** The slowdown every run gets: the --cpu-slowdown given, or calibrated (null: Lighthouse's own default). */
let cpuSlowdown = values["cpu-slowdown"] === undefined ? null : Number(values["cpu-slowdown"]);
if (cpuSlowdown !== null && !(cpuSlowdown >= 1 && cpuSlowdown <= 20)) {
  console.error("--cpu-slowdown takes a number from 1 to 20.");
  process.exit(1);
}

const CHROME_FLAGS =
  "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic";

/** A full run's arguments: the four categories, under the run's CPU slowdown, keeping the trace (tracedTasks). */
function fullRunArgs() {
  return [
    `--only-categories=${CATEGORIES.join(",")}`,
    "--save-assets",
    ...(cpuSlowdown === null ? [] : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`]),
  ];
}

/**
 * One Lighthouse run with `args` (which audits, which throttling); its report, or it throws with Lighthouse's own
 * error code (e.g. NO_NAVSTART) when it aborts.
 */
async function runLighthouse(url, args) {
  for (const path of [reportPath, tracePath, devtoolsLogPath]) rmSync(path, { force: true });
  try {
    await promisify(execFile)(
      "node",
      [cli, url, "--output=json", `--output-path=${reportPath}`, "--quiet", ...args, CHROME_FLAGS],
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
  return report;
}

/** One full run of a page, summarised, with what its longest tasks ran. */
async function lighthouseOnce(url) {
  const summary = summarise(await runLighthouse(url, fullRunArgs()));
  summary.tracedTasks = await tracedTasks(tracePath).catch((error) => [`(trace not read: ${error.message})`]);
  return summary;
}

const TRACEHOUSE = join(toolDir, "node_modules", "lighthouse", "core", "lib", "tracehouse");
let tracehouse;
/** Lighthouse's own trace reader (the pinned version's internal modules), loaded once. */
function loadTracehouse() {
  tracehouse ??= Promise.all([
    import(pathToFileURL(join(TRACEHOUSE, "trace-processor.js")).href),
    import(pathToFileURL(join(TRACEHOUSE, "main-thread-tasks.js")).href),
  ]).then(([{ TraceProcessor }, { MainThreadTasks }]) => ({ TraceProcessor, MainThreadTasks }));
  return tracehouse;
}

/**
 * The run's longest main-thread tasks as the trace recorded them (unthrottled: Lighthouse's simulation multiplies CPU
 * time by the slowdown), each with the trace events it spent its own time in. Under simulated throttling the
 * long-tasks audit puts a whole task in one group ("other"), so this is what says what an "Unattributable" task was:
 * a task Lighthouse ties to no URL (e.g. creating the document's script context), or to the page itself (inline
 * scripts, parsing, layout).
 */
async function tracedTasks(path) {
  const { TraceProcessor, MainThreadTasks } = await loadTracehouse();
  const processed = TraceProcessor.processTrace(JSON.parse(readFileSync(path, "utf8")));
  const { mainThreadEvents, frames, timestamps } = processed;
  return MainThreadTasks.getMainThreadTasks(mainThreadEvents, frames, timestamps.traceEnd, timestamps.timeOrigin)
    .filter((task) => !task.parent && !task.unbounded)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map(describeTask);
}

/** "101 ms at 199 / {v8.run 90, Layout 6}": duration, start, the URL as Lighthouse attributes it, own time by event. */
function describeTask(task) {
  const selfTimes = new Map();
  const visit = (node) => {
    const name = eventName(node.event);
    selfTimes.set(name, (selfTimes.get(name) ?? 0) + node.selfTime);
    for (const child of node.children) visit(child);
  };
  visit(task);
  const events = [...selfTimes]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`);
  // Lighthouse's rule (tracehouse/task-summary.js): a script's URL first, then any URL, else Unattributable.
  const urls = task.attributableURLs;
  const url = urls.find((u) => /\.m?js(\?|$)/.test(u)) ?? urls.find((u) => u !== "about:blank") ?? "Unattributable";
  return `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ${url.replace(base, "")} {${events.join(", ")}}`;
}

/** A trace event's name with the script file, function or DOM event it concerns, when the event says. */
function eventName(event) {
  const data = event.args?.data ?? {};
  const file = data.url ? ` ${data.url.replace(base, "").replace(/^.*\/(?=[^/]+$)/, "")}` : "";
  const fn = data.functionName ? ` ${data.functionName}` : "";
  const type = data.type ? ` ${data.type}` : "";
  return `${event.name}${file}${fn}${type}`;
}

/**
 * This machine's benchmarkIndex now: Lighthouse measures it in every run before loading the page, so a run of one
 * cheap audit on the home page is enough (Lighthouse refuses a URL that is not HTML, such as /healthz). The median of a
 * few, as one sample swings with the other work on the machine.
 */
async function measureBenchmarkIndex() {
  const indexes = [];
  for (let i = 1; i <= CALIBRATION_RUNS; i++) {
    const report = await lighthouse(`${base}/`, `calibration ${i}`, (url) =>
      runLighthouse(url, ["--only-audits=viewport"]),
    );
    if (report?.environment?.benchmarkIndex) indexes.push(Math.round(report.environment.benchmarkIndex));
  }
  return indexes;
}

function readReport() {
  return JSON.parse(readFileSync(reportPath, "utf8"));
}

/** Retries a run (`once`, a full run by default) Lighthouse aborted; returns null only when every attempt failed. */
async function lighthouse(url, label, once = lighthouseOnce) {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    try {
      if (server.exited) {
        console.info(`  (${label}: the server had stopped; starting it again)`);
        startServer(false);
        await waitUntilUp();
      }
      return await once(url);
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
    // Lighthouse's measure of this machine's CPU, taken before the page loads: the slowdown is of this machine, so TBT
    // moves with it; and the slowdown the run was given.
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier,
    scriptKiB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    lcpElement: lcpElement(report),
    renderBlocking: (report.audits["render-blocking-insight"]?.details?.items ?? []).map((i) => i.url).join(" "),
    discoveryMisses,
    losses,
    longTasks: longTasks(report),
    mainThread: (report.audits["mainthread-work-breakdown"]?.details?.items ?? [])
      .filter((i) => i.duration >= 1)
      .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`),
  };
}

/** The long-tasks audit's table: the longest tasks under the simulated slowdown, each with the URL it is attributed to. */
function longTasks(report) {
  return (report.audits["long-tasks"]?.details?.items ?? [])
    .slice(0, 5)
    .map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ${String(t.url).replace(base, "")}`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pad = (value, width) => String(value).padStart(width);

/** Min, median and max of the runs' benchmarkIndex, as "min / median / max". */
function spread(xs) {
  return `${Math.min(...xs)} / ${median(xs)} / ${Math.max(...xs)}`;
}

/** The benchmarkIndex the slowdown was calibrated for, when it was. */
let calibratedAt = null;

/**
 * Decides the slowdown of the runs: --cpu-slowdown as given; otherwise this machine's benchmarkIndex measured now and
 * Lighthouse's calibration of it (or Lighthouse's default 4x with --no-calibrate, or when the measure fails).
 */
async function chooseSlowdown() {
  if (cpuSlowdown !== null) {
    console.info(`  CPU slowdown ${cpuSlowdown}x (--cpu-slowdown)`);
    return;
  }
  if (!values.calibrate) {
    console.info(`  CPU slowdown: Lighthouse's default ${LIGHTHOUSE_DEFAULT_SLOWDOWN}x (--no-calibrate)`);
    return;
  }
  const indexes = await measureBenchmarkIndex();
  const index = indexes.length ? median(indexes) : Number.NaN;
  const calibrated = slowdownFor(index);
  if (calibrated === null) {
    console.info(
      `  calibration: benchmarkIndex ${indexes.join(", ") || "not measured"}; ${indexes.length ? "too slow to emulate the reference device (below 150)" : "every calibration run failed"}: Lighthouse's default ${LIGHTHOUSE_DEFAULT_SLOWDOWN}x`,
    );
    return;
  }
  cpuSlowdown = calibrated;
  calibratedAt = index;
  console.info(
    `  calibration: benchmarkIndex ${index} (median of ${indexes.join(", ")}) → cpuSlowdownMultiplier ${cpuSlowdown} (Lighthouse's default ${LIGHTHOUSE_DEFAULT_SLOWDOWN}x is calibrated for an index of about 1533)`,
  );
}

/**
 * A calibration holds while the machine keeps the speed it had when measured. When the runs' own median benchmarkIndex
 * calls for a multiplier more than a quarter away from the one used, the load changed in between: the runs emulated a
 * slower (or quicker) phone than the reference, and their TBT is too high (or too low).
 */
function calibrationDrift(benchmarks) {
  if (calibratedAt === null || benchmarks.length === 0) return null;
  const implied = slowdownFor(median(benchmarks));
  if (implied === null || Math.abs(implied / cpuSlowdown - 1) <= 0.25) return null;
  const way =
    implied > cpuSlowdown ? "a quicker phone than the reference: TBT too low" : "a slower phone: TBT too high";
  return `  (calibration drifted: measured ${calibratedAt} → ${cpuSlowdown}x, but the runs' median benchmarkIndex ${median(benchmarks)} calls for ${implied}x, so the runs emulated ${way}; run again when the machine is quieter)`;
}

try {
  await waitUntilUp();
  const started = Date.now();
  const loadBefore = loadavg()[0].toFixed(2);
  console.info(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${runs} runs (${base}):`);
  await chooseSlowdown();
  const rows = [];
  const notes = [];
  const benchmarks = [];
  const slowdowns = new Set();
  const targets = PAGES.map(([name, path]) => [name, `${base}${path}`]);
  if (values.floor) targets.push(["floor", await startFloorServer()]);
  for (const [name, url] of targets) {
    await lighthouse(url, `${name} warm-up`); // the edge cache and workerd
    const results = [];
    for (let i = 1; i <= runs; i++) {
      const result = await lighthouse(url, `${name} run ${i}`);
      if (result) results.push(result);
      if (result?.benchmarkIndex) benchmarks.push(Math.round(result.benchmarkIndex));
      if (result?.cpuSlowdown) slowdowns.add(result.cpuSlowdown);
    }
    if (results.length === 0) {
      rows.push(`  ${name.padEnd(8)} every run aborted`);
      continue;
    }
    const m = (key) => median(results.map((r) => r[key]));
    rows.push(
      `  ${name.padEnd(8)}${pad(m("performance"), 5)}${pad((m("lcp") / 1000).toFixed(2), 7)}${pad(m("accessibility"), 6)}${pad(m("bestPractices"), 6)}${pad(m("seo"), 5)}${pad((m("fcp") / 1000).toFixed(2), 7)}${pad((m("si") / 1000).toFixed(2), 6)}${pad(m("cls").toFixed(3), 7)}${pad(m("tbt").toFixed(0), 7)}${pad(m("scriptKiB").toFixed(1), 8)}${pad(`${results.length}/${runs}`, 6)}`,
    );
    // The run whose LCP is the median one explains the page's LCP; the one whose TBT is the median, its blocking time.
    const typical = results.find((r) => r.lcp === m("lcp")) ?? results[0];
    const blocking = results.find((r) => r.tbt === m("tbt")) ?? results[0];
    notes.push(`  ${name}: LCP element ${typical.lcpElement.element}`);
    if (typical.lcpElement.phases) notes.push(`      LCP phases (ms): ${typical.lcpElement.phases}`);
    if (typical.renderBlocking) notes.push(`      render-blocking: ${typical.renderBlocking}`);
    if (typical.discoveryMisses.length) notes.push(`      LCP discovery misses: ${typical.discoveryMisses.join(", ")}`);
    notes.push(
      `      TBT median ${Math.round(m("tbt"))} ms (runs: ${results.map((r) => Math.round(r.tbt)).join(", ")}; benchmarkIndex ${results.map((r) => Math.round(r.benchmarkIndex)).join(", ")})`,
    );
    if (blocking.longTasks.length) {
      notes.push(`      longest tasks (Lighthouse, simulated ms): ${blocking.longTasks.join("; ")}`);
    }
    if (blocking.tracedTasks?.length) {
      notes.push(
        `      longest tasks in the trace (unthrottled ms, own time by event): ${blocking.tracedTasks.join("; ")}`,
      );
    }
    if (blocking.mainThread.length) notes.push(`      main-thread work (ms): ${blocking.mainThread.join(", ")}`);
    const losses = [...new Set(results.flatMap((r) => r.losses))];
    if (losses.length) notes.push(`      audits losing points: ${losses.join(", ")}`);
  }
  console.info("  page      perf  LCP s  a11y  best  seo  FCP s  SI s    CLS TBT ms  JS KiB  runs");
  for (const row of rows) console.info(row);
  for (const note of notes) console.info(note);
  // The machine is shared: the load average and the CPU benchmark say how much the figures can be trusted.
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const benchmark = benchmarks.length ? `; the runs' benchmarkIndex min / median / max ${spread(benchmarks)}` : "";
  const drift = calibrationDrift(benchmarks);
  if (drift) console.info(drift);
  console.info(
    `  (${seconds} s; 1-minute load average ${loadBefore} at the start, ${loadavg()[0].toFixed(2)} at the end${benchmark}; CPU slowdown used ${[...slowdowns].join(", ") || "?"}x)`,
  );
} finally {
  stop();
}
