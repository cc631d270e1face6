import { describe, expect, it } from "vitest";
import { inTaipeiTime } from "./taipei-time";

describe("inTaipeiTime", () => {
  it("gives a UTC moment in Taiwan time with its offset, across midnight too", () => {
    expect(inTaipeiTime("2026-11-27T13:48:43.000Z")).toBe("2026-11-27T21:48:43+08:00");
    expect(inTaipeiTime("2026-12-31T16:30:00Z")).toBe("2027-01-01T00:30:00+08:00");
    expect(inTaipeiTime("2025-03-12T10:16:30+08:00")).toBe("2025-03-12T10:16:30+08:00");
  });
  it("leaves what is not a time as it is", () => {
    expect(inTaipeiTime("")).toBe("");
    expect(inTaipeiTime("soon")).toBe("soon");
  });
});
