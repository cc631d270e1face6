import { describe, expect, it } from "vitest";
import { activityState } from "./activities";

describe("activityState", () => {
  const starts = "2026-11-23T02:00:00.000Z";
  const ends = "2026-11-23T05:00:00.000Z";
  it("is upcoming before the start, ongoing from the start to the end, ended after", () => {
    expect(activityState(starts, ends, "2026-11-23T01:59:59.999Z")).toBe("upcoming");
    expect(activityState(starts, ends, starts)).toBe("ongoing");
    expect(activityState(starts, ends, ends)).toBe("ongoing");
    expect(activityState(starts, ends, "2026-11-23T05:00:00.001Z")).toBe("ended");
  });
});
