#!/usr/bin/env node
// Where a page's server time goes, on the built worker on workerd (figures only; never asserted, these machines are
// shared and noisy). For each path, one after another:
//  1. the throughput at a few connections, and the CPU each request costs the workerd processes (each one's main
//     thread, which runs every isolate of the worker, the local D1 and the caches, and all its threads), from /proc;
//  2. with --profile, a CPU profile of the storefront's isolate through the runtime's inspector: the functions that
//     took the most time, by themselves and with what they called (the CPU figures of 1 then include the profiler's
//     own cost: compare runs made the same way).
// /healthz comes first, as the floor every request pays (the HTTP entry, the middleware).
//   npm run profile -- [--guest /product/1 …] [--member /member/orders …] [--seconds 6] [--connections 4]
//                      [--profile] [--top 20] [--port 8798]
// Member paths are read as the seeded demo member (林靜宜, who has orders). Needs `npm run build` first; Linux only
// (/proc); loads only 127.0.0.1.
import "./lib/project-env.mjs";
import http from "node:http";
import { parseArgs } from "node:util";
import { hottestFunctions, startCpuProfile } from "./lib/cpu-profile.mjs";
import { cpuSeconds, findWorkerds, isUp, startBuiltServer, stopServer, waitUntilUp } from "./lib/local-server.mjs";
import { findWorkerInspector } from "./lib/worker-heap.mjs";

const { values } = parseArgs({
  options: {
    guest: { type: "string", multiple: true },
    member: { type: "string", multiple: true },
    seconds: { type: "string", default: "6" },
    connections: { type: "string", default: "4" },
    profile: { type: "boolean", default: false },
    top: { type: "string", default: "20" },
    port: { type: "string", default: "8798" },
  },
});
/** A whole number from `min` to `max` given as --`name`; anything else stops the script with the reason. */
function wholeNumber(name, min, max) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}, not "${values[name]}".`);
    process.exit(2);
  }
  return value;
}
const seconds = wholeNumber("seconds", 1, 60);
const connections = wholeNumber("connections", 1, 32);
const top = wholeNumber("top", 1, 200);
wholeNumber("port", 1024, 65535);
for (const path of [...(values.guest ?? []), ...(values.member ?? [])]) {
  if (!path.startsWith("/")) {
    console.error(`A path starts with "/": "${path}".`);
    process.exit(2);
  }
}
const base = `http://127.0.0.1:${values.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const guestPaths = values.guest ?? ["/product/1"];
const memberPaths = values.member ?? ["/member/orders", "/api/frontend/member/orders", "/api/frontend/member/profile"];

/** A reader's GET (each from an address of its own: the per-client rate limits are not measured); the status. */
function get(path, cookie) {
  return new Promise((resolve, reject) => {
    const headers = { "CF-Connecting-IP": `2001:db8:ce:${((Math.random() * 0x10000) | 0).toString(16)}::1` };
    if (cookie) headers.Cookie = cookie;
    const req = http.request(`${base}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.end();
  });
}

/** The demo member's session as the Cookie header a browser would send. */
async function memberCookie() {
  const res = await fetch(`${base}/api/frontend/member/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": "2001:db8:ce::1" },
    body: JSON.stringify({ email: "demo@example.com", password: "Demo1234" }),
  });
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!res.ok || cookies.length === 0) throw new Error(`the demo member could not sign in: HTTP ${res.status}`);
  return cookies.join("; ");
}

/** `connections` readers asking for `path` one after another for `duration` seconds: the answered and the others. */
async function load(path, cookie, duration) {
  const until = Date.now() + duration * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const status = await get(path, cookie).catch(() => 0);
        if (status === 200) ok++;
        else failed++;
      }
    }),
  );
  return { ok, failed };
}

/** One path: warmed up, then loaded while the workerd processes' CPU is read (and the isolate profiled). */
async function measure(path, cookie, workerds, inspector) {
  await load(path, cookie, 1);
  const before = workerds.map(cpuSeconds);
  const stopProfile = values.profile && inspector ? await startCpuProfile(inspector) : null;
  const { ok, failed } = await load(path, cookie, seconds);
  const profile = stopProfile ? await stopProfile() : null;
  const after = workerds.map(cpuSeconds);
  const perRequest = (a, b) => (a == null || b == null || ok === 0 ? Number.NaN : (1000 * (b - a)) / ok);
  const cpu = workerds.map((pid, i) => ({
    pid,
    main: perRequest(before[i]?.main, after[i]?.main),
    all: perRequest(before[i]?.all, after[i]?.all),
  }));
  return { path, member: Boolean(cookie), rps: ok / seconds, failed, cpu, profile };
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : "unknown");

function report(result, floor) {
  const who = result.member ? "member" : "guest";
  const busiest = Math.max(...result.cpu.map((c) => c.main));
  const overFloor = floor ? ` (${(busiest - floor).toFixed(2)} ms over /healthz)` : "";
  console.info(
    `\n${who} ${result.path}: ${result.rps.toFixed(1)} req/s${result.failed ? `, ${result.failed} not 200` : ""}; ` +
      `workerd CPU per request: ${result.cpu.map((c) => `pid ${c.pid} main thread ${ms(c.main)}, all threads ${ms(c.all)}`).join("; ")}` +
      `; busiest main thread ${ms(busiest)}${overFloor}`,
  );
  if (!result.profile) return;
  const hottest = hottestFunctions(result.profile, top);
  const requests = result.rps * seconds;
  console.info(
    `  storefront isolate, sampled: ${ms(hottest.busyMs / requests)} per request (a sampled figure: the profiler adds its own cost)`,
  );
  const rows = (list) =>
    list.map(
      ({ name, ms: time, share }) =>
        `    ${(100 * share).toFixed(1).padStart(5)}%  ${ms(time / requests).padStart(9)}  ${name}`,
    );
  console.info(["  by itself:", ...rows(hottest.self), "  with what it called:", ...rows(hottest.total)].join("\n"));
}

let server = null;
try {
  if (await isUp(base)) throw new Error(`port ${values.port} is already in use: stop that server or pass --port`);
  server = startBuiltServer({
    port: values.port,
    persist: `.wrangler/profile-${values.port}`,
    extra: ["--fresh-db", "--measured"],
  });
  await waitUntilUp(base, 300);
  const workerds = findWorkerds(server.pid);
  if (workerds.length === 0) throw new Error("no workerd process found (Linux only: it is read from /proc)");
  const inspector = values.profile ? await findWorkerInspector(workerds) : null;
  if (values.profile && !inspector) console.warn("The worker's inspector was not found: no profiles.");
  const cookie = await memberCookie();
  console.info(
    `Profiling on ${base}: ${connections} connections, ${seconds} s a path (workerd pids ${workerds.join(", ")}).`,
  );
  const healthz = await measure("/healthz", null, workerds, inspector);
  const floor = Math.max(...healthz.cpu.map((c) => c.main));
  report(healthz);
  for (const path of guestPaths) report(await measure(path, null, workerds, inspector), floor);
  for (const path of memberPaths) report(await measure(path, cookie, workerds, inspector), floor);
} finally {
  if (server) await stopServer(server);
}
