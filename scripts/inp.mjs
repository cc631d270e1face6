#!/usr/bin/env node
// Interaction to Next Paint of the storefront's main interactions, in Chromium on a phone-sized page under a CPU
// slowdown, against the built worker on workerd. Each interaction runs on a fresh page once it has hydrated, and the
// page measures itself with the Event Timing API: the entries of one interaction (pointerdown, pointerup, click;
// keydown, keyup) share an interactionId, the interaction's latency is the longest of them, and a run's INP is its
// worst interaction (https://web.dev/articles/inp, https://w3c.github.io/event-timing/). Printed: p50 and max of the
// runs' INP per interaction against the goal, each step's latency, where the worst interaction's time went (input
// delay, processing, presentation) with the scripts of the long animation frames it overlapped, and the long tasks of
// the page's load and hydration. Figures, never asserted: these machines are shared and noisy.
//   npm run inp -- [--runs 5] [--cpu-slowdown 4] [--port 8796] [--interactions add-to-cart,filter,search]
// Needs `npm run build` first. Starts its own server (database in .wrangler/inp, seeded fresh); Chromium is Debian's
// (CHROME_PATH, default /usr/bin/chromium).
import "./lib/project-env.mjs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { isUp, startBuiltServer, stopServer, waitUntilUp } from "./lib/local-server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "8796" },
    "cpu-slowdown": { type: "string", default: "4" },
    interactions: { type: "string", default: "" },
  },
});
const runs = Math.max(1, Math.min(Number(values.runs) || 5, 30));
const slowdown = Number(values["cpu-slowdown"]);
if (!(slowdown >= 1 && slowdown <= 20)) {
  console.error("--cpu-slowdown takes a number from 1 to 20.");
  process.exit(1);
}
const base = `http://127.0.0.1:${values.port}`;
/** The goal for every interaction: "good" INP is 200 ms at the 75th percentile; this storefront aims at half. */
const GOAL_MS = 100;
/** Event Timing reports no entry shorter than this (its minimum durationThreshold): faster is "< 16". */
const THRESHOLD_MS = 16;

/**
 * Installed before any of the page's scripts: observers that keep every event entry of an interaction (with what it
 * targeted), every long task and every long animation frame with its scripts, for the script to read afterwards.
 */
function installObservers(threshold) {
  const seen = { events: [], longTasks: [], frames: [], steps: [] };
  window.__inp = seen;
  const nameOf = (node) => {
    if (!(node instanceof Element)) return "";
    const name = node.getAttribute("aria-label") || node.textContent?.trim().slice(0, 12) || "";
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${name ? ` "${name}"` : ""}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      seen.events.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
        target: nameOf(e.target),
      });
    }
  }).observe({ type: "event", durationThreshold: threshold, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.longTasks.push({ startTime: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        seen.frames.push({
          startTime: e.startTime,
          duration: e.duration,
          blockingDuration: e.blockingDuration,
          renderStart: e.renderStart,
          styleAndLayoutStart: e.styleAndLayoutStart,
          scripts: e.scripts.map((s) => ({
            invoker: s.invoker,
            sourceURL: s.sourceURL,
            sourceFunctionName: s.sourceFunctionName,
            duration: s.duration,
            forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  }
}

/**
 * The interactions measured: the page, and what a reader does there, step by step. A step's `ready` brings the page to
 * where the reader acts (the control on screen, the suggestions shown) before the step is marked in the page, so
 * Playwright's scrolling and waiting are not measured and every interaction is told by the step it belongs to; `act`
 * is what the reader does. `done` waits for what the reader waits for; its time from the last step is printed too
 * (e.g. a filter's new list).
 */
const INTERACTIONS = {
  "add-to-cart": {
    label: "add to cart (/product/1, 加入購物車)",
    path: "/product/1",
    steps: [tapStep("tap 加入購物車", (page) => page.getByRole("button", { name: "加入購物車", exact: true }))],
    done: (page) => page.getByRole("status").filter({ hasText: "已加入購物車" }).waitFor(),
    doneLabel: "tap → 已加入購物車 shown",
  },
  filter: {
    label: "format filter (/product/new-books, 電子書)",
    path: "/product/new-books",
    // The format chips are the listing's filter (components/product-list-toolbar.tsx): links in the list 商品類型.
    steps: [tapStep("tap 電子書", (page) => formatChip(page, "電子書"))],
    done: (page) => formatChip(page, "電子書").and(page.locator('[aria-current="true"]')).waitFor(),
    doneLabel: "tap → filtered list shown",
  },
  search: {
    label: "search combobox (/, 生活 ↓ Enter)",
    path: "/",
    steps: [
      tapStep("tap the field", searchField),
      { name: "生 (注音 ㄕㄥ)", act: ({ cdp }) => typeWithIme(cdp, "ㄕㄥ", "生") },
      { name: "活 (注音 ㄏㄨㄛˊ)", act: ({ cdp }) => typeWithIme(cdp, "ㄏㄨㄛˊ", "活") },
      // The suggestions arrive after a debounce and a request; the reader reads them before choosing.
      { name: "ArrowDown", ready: suggestions, act: ({ page }) => page.keyboard.press("ArrowDown") },
      { name: "Enter", act: ({ page }) => page.keyboard.press("Enter") },
    ],
    done: (page) => page.waitForURL((url) => url.pathname !== "/"),
    doneLabel: "Enter → suggestion's page",
  },
};

/** A tap on a control, scrolled on screen first (a reader scrolls, then taps). */
function tapStep(name, control) {
  return {
    name,
    ready: (page) => control(page).scrollIntoViewIfNeeded(),
    act: ({ page }) => control(page).tap(),
  };
}

function formatChip(page, label) {
  return page.getByRole("list", { name: "商品類型" }).getByRole("link", { name: label, exact: true });
}

function searchField(page) {
  return page.getByRole("combobox", { name: "搜尋書名、作者、出版社" });
}

/**
 * A character typed as a zh-TW reader types it, through an input method: the composition (注音 symbols) shown, then the
 * character committed. Chrome gives the input events of a composition an interactionId, so each counts for INP, where
 * Playwright's keyboard.type("生") inserts the text without any interaction and would measure nothing.
 */
async function typeWithIme(cdp, composing, character) {
  await cdp.send("Input.imeSetComposition", {
    text: composing,
    selectionStart: composing.length,
    selectionEnd: composing.length,
  });
  await cdp.send("Input.insertText", { text: character });
}

async function suggestions(page) {
  await page.getByRole("listbox", { name: "搜尋建議" }).getByRole("option").first().waitFor();
}

const wanted = values.interactions ? values.interactions.split(",") : Object.keys(INTERACTIONS);
const unknown = wanted.filter((name) => !(name in INTERACTIONS));
if (unknown.length) {
  console.error(`Unknown interaction ${unknown.join(", ")}; there are ${Object.keys(INTERACTIONS).join(", ")}.`);
  process.exit(1);
}

/** A phone like Lighthouse's mobile one (Moto G Power's 412 × 823 viewport), touch and all. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * One run of an interaction on a fresh page: loaded under the CPU slowdown, hydrated and quiet, then the steps. Its
 * figures: the latency of every interaction (by step), the worst one's entries and long animation frames, the load's
 * long tasks, and the time until what the reader waits for.
 */
async function measureOnce(browser, interaction) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, locale: "zh-TW" });
  try {
    await context.addInitScript(installObservers, THRESHOLD_MS);
    const page = await context.newPage();
    // The slowdown from the first byte on, so hydration's tasks are measured as a slower phone would run them.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(interaction.path);
    await hydrated(page);

    let lastAct = 0;
    for (const step of interaction.steps) {
      await step.ready?.(page);
      await quiet(page);
      await page.evaluate((name) => window.__inp.steps.push({ name, at: performance.now() }), step.name);
      lastAct = performance.now();
      await step.act({ page, cdp });
    }
    await interaction.done(page);
    // From the last step (the tap or key that asks for it) to what the reader waits for, as Playwright sees it.
    const doneMs = performance.now() - lastAct;
    await entriesDelivered(page);
    return { ...readRun(await page.evaluate(() => window.__inp)), doneMs };
  } finally {
    await context.close();
  }
}

/**
 * Until the page is interactive and quiet: React has hydrated (app/root.tsx sets html[data-hydrated] in the root's
 * last effect), the network is idle (the session watch and the cart's load after hydration) and the main thread has
 * had an idle moment. An interaction is then measured for itself, not for the hydration it would otherwise wait on.
 */
async function hydrated(page) {
  await page.waitForSelector("html[data-hydrated]");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
}

/**
 * Until no long animation frame has ended for half a second (at most 5 s): the reader acts on a settled page, so an
 * input delay is what the page itself does after it settled (a timer, a late effect), not its load still running.
 */
async function quiet(page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    for (;;) {
      const last = window.__inp.frames.at(-1);
      const lastEnd = last ? last.startTime + last.duration : 0;
      if (performance.now() - lastEnd >= 500 || performance.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/** Event Timing entries arrive after the interaction's next paint: two frames and a moment more. */
async function entriesDelivered(page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))),
  );
}

/** One run's figures from what the page observed. */
function readRun(seen) {
  const firstStep = seen.steps[0]?.at ?? Number.POSITIVE_INFINITY;
  // The step an entry belongs to: the last one marked before the event happened.
  const stepAt = (time) => seen.steps.filter((s) => s.at <= time + 1).at(-1)?.name ?? "before the first step";
  const byInteraction = new Map();
  for (const entry of seen.events) {
    if (!entry.interactionId) continue; // not an interaction (e.g. a mouseover), or not the reader's
    const list = byInteraction.get(entry.interactionId) ?? [];
    list.push(entry);
    byInteraction.set(entry.interactionId, list);
  }
  const interactions = [...byInteraction.values()].map((entries) => {
    const latency = Math.max(...entries.map((e) => e.duration));
    const start = Math.min(...entries.map((e) => e.startTime));
    return { entries, latency, start, step: stepAt(start) };
  });
  const worst = interactions.reduce((a, b) => (b.latency > (a?.latency ?? -1) ? b : a), null);
  return {
    inp: worst?.latency ?? null,
    byStep: Object.fromEntries(
      seen.steps.map((s) => [s.name, maxOrNull(interactions.filter((i) => i.step === s.name).map((i) => i.latency))]),
    ),
    worst: worst && withFrames(breakdown(worst), seen.frames),
    loadLongTasks: seen.longTasks.filter((t) => t.startTime < firstStep),
  };
}

function withFrames(parts, frames) {
  return { ...parts, frames: framesDuring(frames, parts) };
}

function maxOrNull(xs) {
  return xs.length ? Math.max(...xs) : null;
}

/**
 * Where an interaction's time went, from the entries handled before its paint (a tap's pointerdown, pointerup and
 * click; a key's keydown, not its keyup, which comes after): input delay from the event to its first handler (the
 * main thread was busy), processing from the first handler's start to the last one's end (the handlers, and whatever
 * ran between the events, such as a focus change between pointerdown and click), presentation from there to the next
 * paint (other tasks, style, layout, paint). Durations are rounded to 8 ms by the browser, so the parts are within a
 * few ms of the latency.
 */
function breakdown({ entries, latency, step }) {
  const longest = entries.reduce((a, b) => (b.duration > a.duration ? b : a));
  const paint = longest.startTime + longest.duration;
  const handled = entries.filter((e) => e.processingEnd <= paint);
  const start = Math.min(...handled.map((e) => e.startTime));
  const processingStart = Math.min(...handled.map((e) => e.processingStart));
  const processingEnd = Math.max(...handled.map((e) => e.processingEnd));
  return {
    step,
    latency,
    inputDelay: processingStart - start,
    processing: processingEnd - processingStart,
    presentation: Math.max(0, paint - processingEnd),
    // Each event's own handlers' time: which of them (pointerdown, click, keydown …) did the work.
    events: entries
      .map((e) => `${e.name} ${ms(e.processingEnd - e.processingStart)}${e.target ? ` on ${e.target}` : ""}`)
      .join(", "),
    start,
    end: paint,
  };
}

/** The long animation frames that overlap [start, end], with the scripts that ran in them, longest first. */
function framesDuring(frames, { start, end }) {
  return frames
    .filter((f) => f.startTime < end && f.startTime + f.duration > start)
    .map((f) => ({
      duration: f.duration,
      // The frame's rendering (from renderStart: rAF callbacks, then style and layout, then paint) and its style and
      // layout alone; the rest of the frame is script and waiting.
      render: f.renderStart ? f.startTime + f.duration - f.renderStart : 0,
      styleLayout: f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0,
      scripts: f.scripts
        .filter((s) => s.duration >= 1)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3)
        .map((s) => {
          const where = [s.sourceFunctionName, s.sourceURL.replace(base, "")].filter(Boolean).join(" ");
          const forced =
            s.forcedStyleAndLayoutDuration >= 1 ? `, forced layout ${ms(s.forcedStyleAndLayoutDuration)}` : "";
          return `${s.invoker}${where ? ` (${where})` : ""} ${ms(s.duration)}${forced}`;
        }),
    }));
}

/** Milliseconds as printed; a latency of null (no entry: faster than the threshold) as "<16". */
const ms = (value) => (value === null ? `<${THRESHOLD_MS}` : String(Math.round(value)));
/** Nearest-rank quantile; a missing latency (no entry at all: under the threshold) counts as 0. */
function quantile(xs, q) {
  const sorted = xs.map((x) => x ?? 0).sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return value === 0 ? null : value;
}
const pad = (value, width) => String(value).padStart(width);

/** The figures of one interaction's runs. */
function report(name, interaction, results) {
  const inps = results.map((r) => r.inp);
  const p50 = quantile(inps, 0.5);
  const max = quantile(inps, 1);
  const verdict =
    (max ?? 0) <= GOAL_MS ? "within the goal" : (p50 ?? 0) <= GOAL_MS ? "max over the goal" : "OVER the goal";
  console.info(`  ${interaction.label}`);
  console.info(
    `      INP p50 ${pad(ms(p50), 4)} ms, max ${pad(ms(max), 4)} ms (${verdict}; runs: ${inps.map(ms).join(", ")})`,
  );
  const steps = interaction.steps.map(({ name: step }) => {
    const latencies = results.map((r) => r.byStep[step] ?? null);
    return `${step} ${ms(quantile(latencies, 0.5))}/${ms(quantile(latencies, 1))}`;
  });
  console.info(`      steps, p50/max ms: ${steps.join(", ")}`);
  const done = results.map((r) => r.doneMs);
  console.info(`      ${interaction.doneLabel}: p50 ${ms(quantile(done, 0.5))} ms, max ${ms(quantile(done, 1))} ms`);
  const worst = results.map((r) => r.worst).reduce((a, b) => ((b?.latency ?? -1) > (a?.latency ?? -1) ? b : a), null);
  if (worst) {
    console.info(
      `      worst interaction (${worst.step}): ${ms(worst.latency)} ms = input delay ${ms(worst.inputDelay)} + processing ${ms(worst.processing)} + presentation ${ms(worst.presentation)}; ${worst.events}`,
    );
    for (const frame of worst.frames) {
      console.info(
        `        long animation frame ${ms(frame.duration)} ms (rendering ${ms(frame.render)}, of which style and layout ${ms(frame.styleLayout)}): ${frame.scripts.join("; ") || "no script listed (the API lists those over 5 ms)"}`,
      );
    }
  }
  // Hydration's long tasks: what a reader tapping during the load would wait behind.
  const counts = results.map((r) => r.loadLongTasks.length);
  const longest = results.map((r) => maxOrNull(r.loadLongTasks.map((t) => t.duration)) ?? 0);
  const blocking = results.map((r) => r.loadLongTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0));
  console.info(
    `      load and hydration long tasks (p50 of runs): ${quantile(counts, 0.5) ?? 0} tasks, longest ${ms(quantile(longest, 0.5) ?? 0)} ms, blocking ${ms(quantile(blocking, 0.5) ?? 0)} ms (longest of all runs ${ms(Math.max(...longest))} ms)`,
  );
  return { name, p50, max };
}

if (await isUp(base)) {
  console.error(`Something already listens on ${base}: choose another --port.`);
  process.exit(1);
}
const server = startBuiltServer({ port: values.port, persist: ".wrangler/inp", extra: ["--fresh-db"] });
const stop = () => stopServer(server);
process.on("SIGINT", () => stop().then(() => process.exit(130)));
let browser;
try {
  await waitUntilUp(base, 240);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
  });
  const started = Date.now();
  console.info(
    `INP in Chromium (phone-sized page) at ${slowdown}x CPU slowdown, ${runs} runs each, goal ≤ ${GOAL_MS} ms (${base}):`,
  );
  const summary = [];
  for (const name of wanted) {
    const interaction = INTERACTIONS[name];
    await measureOnce(browser, interaction); // warm-up: the edge cache, workerd and the browser's code cache
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measureOnce(browser, interaction));
    summary.push(report(name, interaction, results));
  }
  console.info(
    `  (${((Date.now() - started) / 1000).toFixed(0)} s; ${summary.map((s) => `${s.name} ${ms(s.p50)}/${ms(s.max)}`).join(", ")} ms p50/max)`,
  );
} finally {
  await browser?.close();
  await stop();
}
