// Fires the worker's Cron Triggers on the local workerd (Miniflare), where they never fire by themselves: every `seconds` it calls
// the local scheduled route (/cdn-cgi/local/scheduled) with each cron expression of wrangler.toml. Used by
// `npm start`; the tests call the route themselves when they need a run.
import { readFileSync } from "node:fs";

/** The cron expressions of wrangler.toml's [triggers]. */
export function cronsOf(toml) {
  const list = /^\s*crons\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

export function startScheduledTicker(base, { seconds = 60, toml = readFileSync("wrangler.toml", "utf8") } = {}) {
  const crons = cronsOf(toml);
  const tick = async () => {
    for (const cron of crons) {
      try {
        await fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`, {
          signal: AbortSignal.timeout(60_000),
        });
      } catch {
        // The server is not up yet, or is stopping: the next tick tries again.
      }
    }
  };
  const timer = setInterval(tick, seconds * 1000);
  return { stop: () => clearInterval(timer), tick };
}
