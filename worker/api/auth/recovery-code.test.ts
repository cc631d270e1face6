import { describe, expect, it } from "vitest";
import { newRecoveryCode, recoveryCodeHash } from "./recovery-code";

describe("recovery codes", () => {
  it("are six digits, and vary", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it("use every digit in every place", () => {
    const seen = Array.from({ length: 6 }, () => new Set<string>());
    for (let i = 0; i < 2000; i++) {
      for (const [place, digit] of [...newRecoveryCode()].entries()) seen[place]?.add(digit);
    }
    for (const digits of seen) expect(digits.size).toBe(10);
  });

  it("hash differently for different members", async () => {
    expect(await recoveryCodeHash(1, "123456")).not.toBe(await recoveryCodeHash(2, "123456"));
    expect(await recoveryCodeHash(1, "123456")).toBe(await recoveryCodeHash(1, "123456"));
  });
});
