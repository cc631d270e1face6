// The built storefront on workerd for load scripts (bench, soak): started in a process group of its own, waited for,
// measured (workerd's resident memory from /proc) and stopped with everything it started.
import { spawn } from "node:child_process";
import { mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";

/** Whether something answers /healthz at `base` (http://host:port). */
export async function isUp(base) {
  try {
    return (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

/** Waits up to `seconds` for /healthz; seeding a large catalogue first takes minutes. */
export async function waitUntilUp(base, seconds) {
  for (let i = 0; i < seconds * 2; i++) {
    if (await isUp(base)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server at ${base} did not start`);
}

/**
 * Starts scripts/serve-built.mjs on `port` with its database in `persist` (log in `${persist}.log`, added to when
 * `appendLog`, e.g. across restarts); `extra` are more arguments (e.g. --products, --skip-seed, --var). Returns the
 * child; stop it with stopServer.
 */
export function startBuiltServer({ port, persist, extra = [], appendLog = false }) {
  mkdirSync(".wrangler", { recursive: true });
  const logFile = openSync(`${persist}.log`, appendLog ? "a" : "w");
  return spawn("node", ["scripts/serve-built.mjs", "--port", String(port), "--persist-to", persist, ...extra], {
    stdio: ["ignore", logFile, logFile],
    detached: true,
  });
}

/**
 * Stops the server's whole process group (node with Miniflare, and its workerd) and waits until it is gone, so nothing outlives
 * the script and its port and database are free for the next one.
 */
export async function stopServer(server) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    return; // already gone
  }
  // Until every process of the group has exited: its database and port are free only then.
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      process.kill(-server.pid, 0);
    } catch {
      return;
    }
  }
}

/** The command name and parent of every process, from /proc (Linux only; empty elsewhere). */
function processTable() {
  const table = [];
  let entries = [];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid …": the name may hold spaces and parentheses, so split at the last ")".
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      table.push({ pid: Number(pid), name, ppid });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

/** The pids of the workerd processes started under `rootPid` (serve-built.mjs starts one, through Miniflare). */
export function findWorkerds(rootPid) {
  const table = processTable();
  const descendants = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of table) {
      if (!descendants.has(proc.pid) && descendants.has(proc.ppid)) {
        descendants.add(proc.pid);
        grew = true;
      }
    }
  }
  return table.filter((proc) => descendants.has(proc.pid) && proc.name === "workerd").map((proc) => proc.pid);
}

/** A process's resident memory in MiB (VmRSS of /proc/<pid>/status), or null when it cannot be read. */
export function residentMiB(pid) {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib ? Number(kib) / 1024 : null;
  } catch {
    return null;
  }
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** user + system CPU seconds of a /proc stat line (fields 14 and 15, counted after the name's closing ")"). */
function cpuSecondsOfStat(stat) {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * A process's CPU seconds so far: `main`, its main thread's (workerd runs every isolate of a worker, the local D1 and
 * caches on it), and `all`, every thread's (the main one, V8's compilers and garbage collector, I/O); null when /proc
 * cannot be read.
 */
export function cpuSeconds(pid) {
  try {
    return {
      main: cpuSecondsOfStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8")),
      all: cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8")),
    };
  } catch {
    return null;
  }
}
