import { describe, expect, it } from "vitest";
import { MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from "./backoff";

describe("the retry delay", () => {
  it("is the base after the first failure, then doubles", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(60, attempts))).toEqual([60, 120, 240, 480]);
  });

  it("is 0 with a base of 0 (the tests'), and at most 12 hours", () => {
    expect(retryDelaySeconds(0, 3)).toBe(0);
    expect(retryDelaySeconds(43_200, 2)).toBe(MAX_RETRY_DELAY_SECONDS);
    expect(retryDelaySeconds(60, 40)).toBe(MAX_RETRY_DELAY_SECONDS);
  });
});
