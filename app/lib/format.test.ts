import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatPrice, formatTimeRange } from "./format";

describe("dates in Taipei time", () => {
  it("turns UTC into the Taipei calendar day", () => {
    expect(formatDate("2026-11-23T15:59:00.000Z")).toBe("2026/11/23");
    expect(formatDate("2026-11-23T16:00:00.000Z")).toBe("2026/11/24");
  });

  it("names the weekday in Chinese", () => {
    expect(formatDateTime("2026-11-23T06:00:00.000Z")).toBe("2026/11/23（一）14:00");
  });

  it("writes one-day and several-day ranges", () => {
    expect(formatTimeRange("2026-11-23T06:00:00.000Z", "2026-11-23T08:30:00.000Z")).toBe("2026/11/23（一）14:00–16:30");
    expect(formatTimeRange("2026-11-23T01:00:00.000Z", "2026-11-25T09:00:00.000Z")).toBe(
      "2026/11/23（一）09:00 – 2026/11/25（三）17:00",
    );
  });
});

describe("formatPrice", () => {
  it("prints whole NT dollars with separators", () => {
    expect(formatPrice(1280)).toBe("NT$1,280");
    expect(formatPrice(0)).toBe("NT$0");
    expect(formatPrice(349.6)).toBe("NT$350");
  });
});
