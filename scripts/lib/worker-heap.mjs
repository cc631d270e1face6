// The JavaScript heap of the storefront worker's isolate in a local workerd, read through the runtime's own inspector
// (`serve-built.mjs --measured` starts workerd with --inspector-addr on a free loopback port): a heap snapshot first, which runs a full
// garbage collection, then Runtime.getHeapUsage. This is the app's memory; workerd's resident size also holds the
// local simulators (D1, the Cache API, rate limits) and allocator caches, which grow to a plateau even for a worker
// that only answers "ok". Linux only (/proc); needs a global WebSocket (Node 22+, which `npm run` provides).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { openInspectorSession } from "./inspector-session.mjs";

const WORKER_NAME = "bookstore-storefront";

/** The loopback TCP ports `pid` listens on, from /proc/net/tcp{,6} and the process's socket descriptors. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines = [];
    try {
      lines = readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; field 9 is the inode.
      if (fields[3] === "0A" && inodes.has(fields[9])) ports.push(Number.parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

/** The inspector WebSocket URL of the storefront worker in one of `pids` (workerd processes), or null. */
export async function findWorkerInspector(pids) {
  for (const pid of pids) {
    let ports = [];
    try {
      ports = listeningPorts(pid);
    } catch {
      continue;
    }
    for (const port of ports) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1_000) });
        const targets = await res.json();
        const target = targets.find?.((t) => t.id === `core:user:${WORKER_NAME}`);
        if (target?.webSocketDebuggerUrl) return target.webSocketDebuggerUrl;
      } catch {
        // not an inspector
      }
    }
  }
  return null;
}

/** One inspector session: a heap snapshot (its chunks are dropped: only the full collection it runs first matters
 * here), then the heap's use. Null when either goes unanswered within `seconds`. */
async function measureOnce(inspectorUrl, seconds) {
  let session = null;
  try {
    session = await openInspectorSession(inspectorUrl, seconds);
    if (!(await session.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false }))) return null;
    const usage = await session.call("Runtime.getHeapUsage");
    return usage?.result ? usage.result.usedSize / 1024 / 1024 : null;
  } catch {
    return null;
  } finally {
    session?.close();
  }
}

/**
 * The isolate's used JS heap in MiB after a full garbage collection, or null when it cannot be read. A fresh runtime
 * leaves its first inspector session's snapshot unanswered, so a session that gets no answer is tried again.
 */
export async function heapAfterFullGcMiB(inspectorUrl) {
  if (!inspectorUrl || typeof WebSocket !== "function") return null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const used = await measureOnce(inspectorUrl, 10);
    if (used !== null) return used;
  }
  return null;
}
