import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS, nextClaimCheckAt, withinClaimWindow } from "./claims";

const NOW = new Date("2026-11-23T12:00:00Z");
const minutesOn = (at: Date) => (at.getTime() - NOW.getTime()) / 60_000;

describe("a kept claim's back-off", () => {
  it("asks again after 2, 4, 8 … minutes, at most hourly", () => {
    const deadline = "2026-11-30T15:59:59.000Z";
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((checks) => minutesOn(nextClaimCheckAt(NOW, checks, deadline)))).toEqual([
      2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it("asks a last time at the end of its window, CLAIM_WINDOW_MS after the attempt's deadline", () => {
    const deadline = new Date(NOW.getTime() - CLAIM_WINDOW_MS + 10 * 60_000).toISOString();
    expect(minutesOn(nextClaimCheckAt(NOW, 5, deadline))).toBe(10);
    expect(withinClaimWindow(NOW, deadline)).toBe(true);
    expect(withinClaimWindow(new Date(NOW.getTime() + 10 * 60_000), deadline)).toBe(false);
    expect(withinClaimWindow(NOW, null)).toBe(false);
  });
});
