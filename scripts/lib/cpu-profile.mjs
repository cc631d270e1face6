// A CPU profile of the storefront worker's isolate, taken through the runtime's own inspector (the same session
// scripts/lib/worker-heap.mjs uses), and what it says: the functions that took the most time, by themselves and with
// everything they called.
import { openInspectorSession } from "./inspector-session.mjs";

/**
 * Starts sampling the isolate every `intervalMicros`; the returned function stops it and resolves with the profile
 * (the inspector's Profiler.Profile: nodes, samples, timeDeltas), or null when the runtime did not answer.
 */
export async function startCpuProfile(inspectorUrl, intervalMicros = 200) {
  const session = await openInspectorSession(inspectorUrl);
  await session.call("Profiler.enable");
  await session.call("Profiler.setSamplingInterval", { interval: intervalMicros });
  await session.call("Profiler.start");
  return async () => {
    const reply = await session.call("Profiler.stop");
    session.close();
    return reply?.result?.profile ?? null;
  };
}

/** The runtime's own entries, which are not the isolate running code. */
const NOT_RUNNING = new Set(["(idle)", "(program)", "(root)"]);

/** A frame's name for people: the function, and the file it is in with its line (1-based), when it has one. */
function frameName({ functionName, url, lineNumber }) {
  const file = url ? url.split("/").slice(-1)[0] : "";
  return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`;
}

/**
 * The isolate's busy time in the profile (ms: every sample but idle and the runtime's own), and the `top` functions by
 * self time and by total time (with what they called; a recursive function counted once per sample), each as
 * { name, ms, share } (share of the busy time).
 */
export function hottestFunctions(profile, top = 25) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map();
  const total = new Map();
  let busyMicros = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const node = nodes.get(id);
    if (!node || NOT_RUNNING.has(node.callFrame.functionName)) return;
    busyMicros += micros;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + micros);
    const counted = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (NOT_RUNNING.has(frame.functionName)) continue;
      const outer = frameName(frame);
      if (counted.has(outer)) continue;
      counted.add(outer);
      total.set(outer, (total.get(outer) ?? 0) + micros);
    }
  });
  const ranked = (times) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, share: busyMicros ? micros / busyMicros : 0 }));
  return { busyMs: busyMicros / 1000, self: ranked(self), total: ranked(total) };
}
