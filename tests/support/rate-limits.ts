// The rate limits as wrangler.toml sets them ([[ratelimits]]), and a way to start a burst early in a window.
import { experimental_readRawConfig } from "wrangler";
import type { RateLimitBinding } from "../../worker/rate-limits";

type RateLimitEntry = { name: RateLimitBinding; simple: { limit: number; period: number } };

const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
const entries = (rawConfig.ratelimits ?? []) as RateLimitEntry[];

/** The number of calls a group allows per period and address. */
export function limitOf(group: RateLimitBinding): { limit: number; period: number } {
  const entry = entries.find(({ name }) => name === group);
  if (!entry) throw new Error(`${group} is not in wrangler.toml`);
  return entry.simple;
}

/**
 * Waits for the start of the next period when less than `needed` seconds of this one are left. Miniflare's windows
 * follow the clock (they all turn over at whole multiples of the period), so a burst started then is counted whole.
 */
export async function startEarlyInPeriod(period: number, needed = 30) {
  const into = (Date.now() / 1000) % period;
  if (period - into < needed) await new Promise((resolve) => setTimeout(resolve, (period - into + 0.5) * 1000));
}
