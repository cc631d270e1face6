import { describe, expect, it } from "vitest";
import { checkRecoveryCode, RECOVERY_CODE_LENGTH } from "~/features/account/member-fields";
import { newRecoveryCode, recoveryCodeHash } from "./recovery-code";

describe("recovery codes", () => {
  it("are ten digits, as the form checks them, and vary", () => {
    expect(RECOVERY_CODE_LENGTH).toBe(10);
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) {
      expect(code).toMatch(/^\d{10}$/);
      expect(checkRecoveryCode(code)).toBeUndefined();
    }
    expect(new Set(codes).size).toBe(200);
  });

  it("use every digit in every place, each about as often", () => {
    const counts = Array.from({ length: RECOVERY_CODE_LENGTH }, () => Array<number>(10).fill(0));
    for (let i = 0; i < 5000; i++) {
      for (const [place, digit] of [...newRecoveryCode()].entries()) {
        const row = counts[place];
        if (row) row[Number(digit)] = (row[Number(digit)] ?? 0) + 1;
      }
    }
    // 500 expected per digit and place, give or take about 21: the bounds are more than 5 of those away.
    for (const row of counts) for (const count of row) expect(count).toBeGreaterThan(380);
    for (const row of counts) for (const count of row) expect(count).toBeLessThan(620);
  });

  it("hash differently for different members", async () => {
    expect(await recoveryCodeHash(1, "123456")).not.toBe(await recoveryCodeHash(2, "123456"));
    expect(await recoveryCodeHash(1, "123456")).toBe(await recoveryCodeHash(1, "123456"));
  });
});
