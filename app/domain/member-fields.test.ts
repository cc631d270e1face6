import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as api from "../../worker/api/member-fields";
import { checkEmail, checkName, checkNewPassword, checkPasswordConfirmation, checkRecoveryCode } from "./member-fields";

/** What the API answers for a value: its first issue's message, or undefined when it accepts the value. */
function apiMessage(schema: z.ZodType, value: string): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("the API's schemas answer with the domain's messages", () => {
  const emails = [
    " ",
    "reader@example.com",
    "  Reader.Name+tag@Example.COM.tw ",
    "reader@example",
    "reader@@example.com",
    "讀者@example.com",
    ".reader@example.com",
    "reader.@example.com",
    "a..b@example.com",
    "reader@-example.com",
    "reader@example.c",
    `${"a".repeat(243)}@example.com`,
    `${"a".repeat(250)}@example.com`,
  ];
  it.each(emails)("e-mail %j", (value) => {
    expect(checkEmail(value)).toBe(apiMessage(api.email, value));
  });

  const names = [" ", "林靜宜", "  測試讀者  ", "林".repeat(50), "林".repeat(51), `${" ".repeat(3)}${"a".repeat(50)}`];
  it.each(names)("name %j", (value) => {
    expect(checkName(value)).toBe(apiMessage(api.memberName, value));
  });

  const passwords = [
    "Lotus2026",
    "Ab1",
    "Lotus 2026",
    "Lotus!2026",
    "蓮花Lotus2026",
    "lotusbodhi",
    "12345678",
    `${"a".repeat(63)}1`,
    `${"a".repeat(64)}1`,
    "!!!!!!!!",
  ];
  it.each(passwords)("password %j", (value) => {
    expect(checkNewPassword(value)).toBe(apiMessage(api.newPassword, value));
  });

  it("an empty password asks for one", () => {
    expect(checkNewPassword("")).toBe("請輸入密碼");
  });
});

describe("checks the API leaves to the form", () => {
  it("the confirmation must be typed and match", () => {
    expect(checkPasswordConfirmation("Lotus2026", "")).toBe("請再輸入一次密碼");
    expect(checkPasswordConfirmation("Lotus2026", "Lotus2027")).toBe("兩次輸入的密碼不一致");
    expect(checkPasswordConfirmation("Lotus2026", "Lotus2026")).toBeUndefined();
  });

  it("the recovery code is six digits", () => {
    expect(checkRecoveryCode("")).toBe("請輸入驗證碼");
    expect(checkRecoveryCode("12345")).toBe("驗證碼是 6 位數字");
    expect(checkRecoveryCode("12345a")).toBe("驗證碼是 6 位數字");
    expect(checkRecoveryCode("1234567")).toBe("驗證碼是 6 位數字");
    expect(checkRecoveryCode(" 482913 ")).toBeUndefined();
  });
});
