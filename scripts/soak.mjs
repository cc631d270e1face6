#!/usr/bin/env node
// Soak: a mixed browse held for a while, to see errors, latency and the worker's memory over time (figures only;
// never asserted, these machines are shared and noisy). Guests load the home page, lists, products, search pages,
// suggestions and API reads; a quarter of the connections are members of their own (registered here) who also save
// their carts and like books; each connection is a reader with an address of its own. Prints the errors by kind and
// reason (0 expected), p50 and p99 per kind, and memory at the start and the end:
// - the worker isolate's JavaScript heap after a full garbage collection (lib/worker-heap.mjs): the app's memory,
//   which should be flat;
// - workerd's resident size (from /proc), which is not the app's alone: it also holds the local simulators (D1, the
//   Cache API, rate limits) and allocator caches, and grows towards a plateau under load even for a worker that only
//   answers "ok" (measured: 70 → 500 MiB over 80,000 requests, then flat; with cache hits, about 780 MiB).
//   npm run soak -- [--seconds 60] [--connections 20] [--port 8798] [--only kind,…]
//                   [--base http://127.0.0.1:8787 [--pid N,…]]
// --only keeps some kinds of request (e.g. --only "api read,like"), to find which one a change in memory follows.
// Without --base it starts the built worker itself (npm run build first) on a fresh database, and stops it after.
import "./lib/project-env.mjs";
import http from "node:http";
import { parseArgs } from "node:util";
import { findWorkerds, isUp, residentMiB, startBuiltServer, stopServer, waitUntilUp } from "./lib/local-server.mjs";
import { findWorkerInspector, heapAfterFullGcMiB } from "./lib/worker-heap.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "8798" },
    base: { type: "string" },
    pid: { type: "string" },
    only: { type: "string" },
  },
});
const seconds = Math.max(1, Math.min(Number(values.seconds), 3_600));
const connections = Math.max(1, Math.min(Number(values.connections), 64));
const base = values.base ?? `http://127.0.0.1:${values.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const PRODUCTS = 100;
const WORDS = ["生活", "佛法", "禪修", "心經", "慈悲", "人間", "禪", "經", "星雲", "修行之道"];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const upTo = (n) => 1 + Math.floor(Math.random() * n);

/** One request; the body is read (JSON replies are parsed by the caller) and the time taken measured. */
function send(method, path, { cookies, body, address } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { "User-Agent": CHROME_UA, Accept: "text/html,application/json" };
    // Each connection is a reader of its own (the rate limits count per client, worker/rate-limits.ts).
    if (address) headers["CF-Connecting-IP"] = address;
    if (cookies?.size) headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const payload = body === undefined ? null : JSON.stringify(body);
    if (payload) headers["Content-Type"] = "application/json";
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        for (const line of res.headers["set-cookie"] ?? []) {
          const [pair, ...attributes] = line.split(";");
          const [name, value] = pair.split("=");
          const gone = value === "" || attributes.some((a) => /max-age=0\b/i.test(a.trim()));
          if (cookies && gone) cookies.delete(name.trim());
          else cookies?.set(name.trim(), value);
        }
        resolve({ status: res.statusCode, type: res.headers["content-type"] ?? "", body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    req.end(payload);
  });
}

/** What a reply should be: a page (HTML, 200) or an API envelope with code 1; otherwise the reason it is not. */
function faultOf(kind, res) {
  if (res.status !== 200) return `HTTP ${res.status}`;
  if (!kind.api) return res.type.includes("text/html") ? null : "not HTML";
  try {
    const code = JSON.parse(res.body.toString("utf8")).code;
    return code === 1 ? null : `code ${code}`;
  } catch {
    return "not JSON";
  }
}

/** The kinds of request, with their share of a guest's and a member's traffic. */
const ALL_KINDS = [
  { name: "home", guest: 10, member: 5, next: () => ["GET", "/"] },
  {
    name: "list",
    guest: 15,
    member: 5,
    next: () => ["GET", `${pick(["/product/new-books", "/product/picks", "/product/ebooks"])}?page=${upTo(5)}`],
  },
  { name: "product", guest: 25, member: 10, next: () => ["GET", `/product/${upTo(PRODUCTS)}`] },
  { name: "search", guest: 15, member: 5, next: () => ["GET", `/search?q=${encodeURIComponent(pick(WORDS))}`] },
  {
    name: "suggestions",
    guest: 10,
    member: 5,
    api: true,
    next: () => ["GET", `/api/frontend/search/suggestions?q=${encodeURIComponent(pick(WORDS))}`],
  },
  {
    name: "api read",
    guest: 25,
    member: 10,
    api: true,
    next: () => [
      "GET",
      pick([
        `/api/frontend/products?page=${upTo(5)}&sort=${pick(["newest", "price_asc", "title"])}`,
        `/api/frontend/products/${upTo(PRODUCTS)}`,
        `/api/frontend/products/${upTo(PRODUCTS)}/related`,
        "/api/frontend/home",
        `/api/frontend/news?page=${upTo(3)}`,
        `/api/frontend/articles?page=${upTo(3)}`,
        "/api/frontend/activities",
      ]),
    ],
  },
  {
    name: "cart save",
    guest: 0,
    member: 30,
    api: true,
    next: () => {
      const cart = {};
      for (let i = upTo(5); i > 0; i--) cart[String(upTo(PRODUCTS))] = upTo(3);
      return ["POST", "/api/frontend/cart/cache", cart];
    },
  },
  {
    name: "like",
    guest: 0,
    member: 30,
    api: true,
    next: () => ["POST", "/api/frontend/member/favorites", { type: 0, id: upTo(PRODUCTS), status: upTo(2) - 1 }],
  },
];

const only = values.only?.split(",").map((name) => name.trim());
const KINDS = only ? ALL_KINDS.filter((kind) => only.includes(kind.name)) : ALL_KINDS;
const allMembers = !KINDS.some((kind) => kind.guest > 0);
if (KINDS.length === 0) throw new Error(`--only names none of: ${ALL_KINDS.map((kind) => kind.name).join(", ")}`);

function weighted(role) {
  // A member with --only "home" (no share in the kinds kept) takes them all alike.
  const share = (kind) => (KINDS.some((k) => k[role] > 0) ? kind[role] : 1);
  let roll = Math.random() * KINDS.reduce((sum, kind) => sum + share(kind), 0);
  for (const kind of KINDS) {
    roll -= share(kind);
    if (roll < 0) return kind;
  }
  return KINDS[0];
}

/** A documentation address (RFC 3849) for reader `n`, in a /64 of its own (the rate limits count an IPv6 /64 as one). */
const readerAddress = (n) => `2001:db8:50a:${n.toString(16)}::1`;

/** A member of the soak's own: registered now, their cookies kept per connection. */
async function registerMember(n) {
  const cookies = new Map();
  const email = `soak-${Date.now()}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await send("POST", "/api/frontend/member/register", {
      cookies,
      address: readerAddress(1000 + n),
      body: { email, password: "Lotus2026", name: "壓測讀者" },
    });
    if (res.status === 200) return cookies;
    // Registrations may be rate-limited: wait and try again.
    if (res.status !== 429)
      throw new Error(`registering a member: HTTP ${res.status} ${res.body.toString().slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
  throw new Error("registering a member: still rate-limited");
}

const stats = new Map(KINDS.map((kind) => [kind.name, { times: [], errors: new Map() }]));

async function connection(cookies, until, address) {
  const role = cookies ? "member" : "guest";
  while (Date.now() < until) {
    const kind = weighted(role);
    const [method, path, body] = kind.next();
    const stat = stats.get(kind.name);
    const started = performance.now();
    let fault;
    try {
      fault = faultOf(kind, await send(method, path, { cookies, body, address }));
    } catch (error) {
      fault = error.message === "timeout" ? "timeout" : `network (${error.code ?? error.message})`;
    }
    stat.times.push(performance.now() - started);
    if (fault) stat.errors.set(fault, (stat.errors.get(fault) ?? 0) + 1);
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
const mib = (value) => (value == null ? "unknown" : `${value.toFixed(1)} MiB`);

let server = null;
try {
  if (!values.base) {
    if (await isUp(base)) throw new Error(`port ${values.port} is already in use: stop that server or pass --port`);
    server = startBuiltServer({
      port: values.port,
      persist: `.wrangler/soak-${values.port}`,
      extra: ["--fresh-db", "--measured"],
    });
    await waitUntilUp(base, 300);
  }
  const workerds = values.pid ? values.pid.split(",").map(Number) : server ? findWorkerds(server.pid) : [];
  const memory = () => workerds.map((pid) => residentMiB(pid));
  const members = await Promise.all(
    Array.from({ length: Math.max(1, Math.ceil(connections / 4)) }, (_, n) => registerMember(n)),
  );
  // One short pass so start-up allocations (compiled code, first cache entries) are not counted as growth.
  await Promise.all(
    Array.from({ length: connections }, (_, i) =>
      connection(allMembers ? members[0] : null, Date.now() + 3_000, readerAddress(i)),
    ),
  );
  for (const stat of stats.values()) {
    stat.times.length = 0;
    stat.errors.clear();
  }
  const inspector = await findWorkerInspector(workerds);
  const heapAtStart = await heapAfterFullGcMiB(inspector);
  const memoryAtStart = memory();
  const samples = [memoryAtStart];
  const sampler = setInterval(() => samples.push(memory()), 10_000);
  console.info(
    `Soak: ${connections} connections (${allMembers ? "all" : Math.ceil(connections / 4)} of them members) for ${seconds} s against ${base}` +
      `${workerds.length ? ` (workerd pids ${workerds.join(", ")})` : ""}${only ? `, only ${only.join(", ")}` : ""}…`,
  );
  const until = Date.now() + seconds * 1_000;
  await Promise.all(
    // A quarter of the connections are members; all of them when only members' kinds are kept.
    Array.from({ length: connections }, (_, i) =>
      connection(
        allMembers || i % 4 === 0 ? members[Math.floor(i / 4) % members.length] : null,
        until,
        readerAddress(i),
      ),
    ),
  );
  clearInterval(sampler);
  const memoryAtEnd = memory();
  const heapAtEnd = await heapAfterFullGcMiB(inspector);

  let requests = 0;
  let errors = 0;
  console.info(`\n  ${"kind".padEnd(12)} ${"requests".padStart(8)} ${"p50".padStart(9)} ${"p99".padStart(9)}  errors`);
  for (const [name, stat] of stats) {
    const sorted = [...stat.times].sort((a, b) => a - b);
    const failed = [...stat.errors.values()].reduce((sum, n) => sum + n, 0);
    requests += sorted.length;
    errors += failed;
    const reasons = [...stat.errors].map(([reason, n]) => `${reason} ×${n}`).join(", ");
    console.info(
      `  ${name.padEnd(12)} ${String(sorted.length).padStart(8)} ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms ${percentile(sorted, 0.99).toFixed(1).padStart(6)} ms  ${failed}${reasons ? ` (${reasons})` : ""}`,
    );
  }
  console.info(`\n  ${requests} requests, ${(requests / seconds).toFixed(0)} req/s, ${errors} errors`);
  if (workerds.length === 0)
    console.info("  workerd resident memory: not measured (pass --pid for a server started elsewhere)");
  workerds.forEach((pid, i) => {
    const [start, end] = [memoryAtStart[i], memoryAtEnd[i]];
    const growth = start != null && end != null ? ` (${end >= start ? "+" : ""}${(end - start).toFixed(1)} MiB)` : "";
    const trend = samples.map((sample) => (sample[i] == null ? "?" : sample[i].toFixed(0))).join(", ");
    console.info(
      `  workerd ${pid} resident memory: start ${mib(start)}, end ${mib(end)}${growth}\n    every 10 s: ${trend} MiB`,
    );
  });
  if (heapAtStart == null || heapAtEnd == null) {
    console.info(
      `  worker JS heap: not measured (${inspector ? "the inspector did not answer" : "no inspector found: a server started here, Node 22+"})`,
    );
  } else {
    const growth = heapAtEnd - heapAtStart;
    console.info(
      `  worker JS heap after a full GC (the app's memory): start ${mib(heapAtStart)}, end ${mib(heapAtEnd)} (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MiB, ${((growth * 1024 * 1024) / Math.max(1, requests)).toFixed(0)} bytes a request)`,
    );
  }
  process.exitCode = errors === 0 ? 0 : 1;
} catch (error) {
  console.error(String(error?.message ?? error));
  process.exitCode = 1;
} finally {
  agent.destroy();
  if (server) await stopServer(server);
}
