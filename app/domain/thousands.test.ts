import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupThousands } from "./thousands";

describe("groupThousands", () => {
  it("groups digits in threes from the right", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(7)).toBe("7");
    expect(groupThousands(999)).toBe("999");
    expect(groupThousands(1000)).toBe("1,000");
    expect(groupThousands(1280)).toBe("1,280");
    expect(groupThousands(123456)).toBe("123,456");
    expect(groupThousands(1234567)).toBe("1,234,567");
    expect(groupThousands(-1500)).toBe("-1,500");
  });

  it("rounds to a whole number first, without a minus sign on zero", () => {
    expect(groupThousands(349.6)).toBe("350");
    expect(groupThousands(999.5)).toBe("1,000");
    expect(groupThousands(-0.4)).toBe("0");
    expect(groupThousands(-0)).toBe("0");
  });

  it("writes what toLocaleString('en-US') writes for every safe integer and anything that rounds to one", () => {
    const safe = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ min: -1e15, max: 1e15, noNaN: true }));
    fc.assert(
      fc.property(safe, (n) => {
        const whole = Math.round(n);
        expect(groupThousands(n)).toBe((Object.is(whole, -0) ? 0 : whole).toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
  });
});
