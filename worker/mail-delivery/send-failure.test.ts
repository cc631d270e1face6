import { describe, expect, it } from "vitest";
import { failureReason, isPermanent } from "./send-failure";

const refusal = (code: string) => Object.assign(new Error("refused"), { code });

describe("a refusal of the binding", () => {
  it("is retried for limits, the service's own errors and errors without a code", () => {
    for (const error of [
      refusal("E_RATE_LIMIT_EXCEEDED"),
      refusal("E_DAILY_LIMIT_EXCEEDED"),
      refusal("E_INTERNAL_SERVER_ERROR"),
      new Error("email to a@b.c not allowed"),
    ]) {
      expect(isPermanent(error), String(error)).toBe(false);
    }
  });

  it("fails the mail at once when the service will never take it", () => {
    for (const code of [
      "E_VALIDATION_ERROR",
      "E_RECIPIENT_SUPPRESSED",
      "E_SENDER_NOT_VERIFIED",
      "E_HEADER_NOT_ALLOWED",
    ]) {
      expect(isPermanent(refusal(code)), code).toBe(true);
    }
  });

  it("keeps the code and message as the reason, without any address, in at most 300 characters", () => {
    expect(failureReason(refusal("E_RECIPIENT_SUPPRESSED"))).toBe("E_RECIPIENT_SUPPRESSED: refused");
    expect(failureReason(new Error("email to a@b.c not allowed"))).toBe("email to <address> not allowed");
    // Echoed in another case, in brackets, or quoted: still taken out.
    expect(failureReason(new Error("recipient <Reader@Example.ORG> suppressed"))).toBe(
      "recipient <<address>> suppressed",
    );
    expect(failureReason(new Error('to "x.y+z@mail.example.tw", from a@b.c'))).toBe('to "<address>", from <address>');
    expect(failureReason(new Error("x".repeat(500)))).toHaveLength(300);
  });
});
