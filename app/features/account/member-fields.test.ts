import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as api from "../../../worker/api/member-fields";
import { checkEmail, isEmailAddress, tidyEmail } from "./email-address";
import {
  checkBirthday,
  checkCellphone,
  checkCurrentPassword,
  checkName,
  checkNewPassword,
  checkPasswordChanged,
  checkPasswordConfirmation,
  checkRecoveryCode,
  parseGender,
  todayIso,
} from "./member-fields";

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
    "ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ",
    `${"a".repeat(64)}@example.com`,
    `${"a".repeat(65)}@example.com`,
  ];
  it.each(emails)("e-mail %j", (value) => {
    expect(checkEmail(value)).toBe(apiMessage(api.email, value));
  });

  it("reads an IME's full-width e-mail as the ASCII address it stands for, and limits the part before @", () => {
    expect(tidyEmail(" ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ ")).toBe("reader@example.com");
    expect(checkEmail("ｒｅａｄｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ")).toBeUndefined();
    expect(api.email.parse("ＲＥＡＤＥＲ＠ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("reader@example.com");
    expect(checkEmail(`${"a".repeat(64)}@example.com`)).toBeUndefined();
    expect(checkEmail(`${"a".repeat(65)}@example.com`)).toBe("電子郵件 @ 前面最多 64 個字元");
    expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false);
  });

  const names = [
    " ",
    "林靜宜",
    "  測試讀者  ",
    "林".repeat(50),
    "林".repeat(51),
    `${" ".repeat(3)}${"a".repeat(50)}`,
    "\u200b\u200b",
    "𠀀".repeat(50),
    "𠀀".repeat(51),
    "林\u0000靜宜",
  ];
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

  const currentPasswords = ["", "x", "Lotus 2026!", "a".repeat(64), "a".repeat(65)];
  it.each(currentPasswords)("current password %j", (value) => {
    expect(checkCurrentPassword(value)).toBe(apiMessage(api.currentPassword, value));
  });

  // An empty cellphone or birthday is null in the API (the form sends null); any other value gets the same answer.
  const cellphones = ["0912345678", " +886912345678 ", "+1234567", "1".repeat(16), "0912-345-678", "09123+45678"];
  it.each(cellphones)("cellphone %j", (value) => {
    expect(checkCellphone(value)).toBe(apiMessage(api.cellphone, value));
  });

  const birthdays = ["1988-04-08", "1900-01-01", todayIso(), "1899-12-31", "2999-01-01", "2023-02-29", "1988/04/08"];
  it.each(birthdays)("birthday %j", (value) => {
    expect(checkBirthday(value, todayIso())).toBe(apiMessage(api.birthday, value));
  });

  it("an empty cellphone or birthday is not a value the API takes (null is)", () => {
    expect(apiMessage(api.cellphone, " ")).toBe("手機號碼格式不正確");
    expect(apiMessage(api.birthday, "")).toBe("生日格式須為 YYYY-MM-DD");
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

  it("the recovery code is ten digits", () => {
    expect(checkRecoveryCode("")).toBe("請輸入驗證碼");
    expect(checkRecoveryCode("482913")).toBe("驗證碼是 10 位數字");
    expect(checkRecoveryCode("482913705")).toBe("驗證碼是 10 位數字");
    expect(checkRecoveryCode("482913705a")).toBe("驗證碼是 10 位數字");
    expect(checkRecoveryCode("48291370561")).toBe("驗證碼是 10 位數字");
    expect(checkRecoveryCode("4829 137056")).toBe("驗證碼是 10 位數字");
    expect(checkRecoveryCode(" 4829137056 ")).toBeUndefined();
  });
});

describe("the password change", () => {
  it("asks for the current password", () => {
    expect(checkCurrentPassword("")).toBe("請輸入目前的密碼");
    expect(checkCurrentPassword("a".repeat(65))).toBe("密碼最多 64 個字元");
    expect(checkCurrentPassword("Lotus2026")).toBeUndefined();
  });

  it("the new password must differ from the current one", () => {
    expect(checkPasswordChanged("Lotus2026", "Lotus2026")).toBe("新密碼不能與目前的密碼相同");
    expect(checkPasswordChanged("Lotus2026", "Lotus2027")).toBeUndefined();
    expect(checkPasswordChanged("", "")).toBeUndefined();
  });
});

describe("the profile", () => {
  it.each([
    ["", undefined],
    ["  ", undefined],
    ["0912345678", undefined],
    [" +886912345678 ", undefined],
    ["12345678", undefined],
    ["1".repeat(15), undefined],
    ["+1234567", "手機號碼須為 8 至 15 位數字"],
    ["1".repeat(16), "手機號碼須為 8 至 15 位數字"],
    ["0912-345-678", "手機號碼只能是數字，可用 + 開頭"],
    ["09123+45678", "手機號碼只能是數字，可用 + 開頭"],
    ["++0912345678", "手機號碼只能是數字，可用 + 開頭"],
  ])("cellphone %j", (value, message) => {
    expect(checkCellphone(value)).toBe(message);
  });

  it.each([
    ["", undefined],
    ["1988-04-08", undefined],
    ["1900-01-01", undefined],
    ["2026-11-23", undefined],
    ["2026-11-24", "生日不在合理範圍"],
    ["1899-12-31", "生日不在合理範圍"],
    ["2023-02-29", "生日不是存在的日期"],
    ["1990-02-30", "生日不是存在的日期"],
    ["1990-13-01", "生日不是存在的日期"],
    ["2024-02-29", undefined],
    ["1988/04/08", "生日格式須為 YYYY-MM-DD"],
    ["88-4-8", "生日格式須為 YYYY-MM-DD"],
  ])("birthday %j (today 2026-11-23)", (value, message) => {
    expect(checkBirthday(value, "2026-11-23")).toBe(message);
  });

  it("today is the UTC date", () => {
    expect(todayIso(new Date("2026-11-23T23:30:00+08:00"))).toBe("2026-11-23");
    expect(todayIso(new Date("2026-11-24T07:59:00+08:00"))).toBe("2026-11-23");
  });

  it("a posted gender is a code, none, or not a gender", () => {
    expect(parseGender("")).toBeNull();
    expect(parseGender("0")).toBe(0);
    expect(parseGender("2")).toBe(2);
    expect(parseGender("3")).toBeUndefined();
    expect(parseGender("男")).toBeUndefined();
  });
});

describe("the member's name (app/domain/plain-text.ts)", () => {
  it.each([
    ["\u200b\ufeff", "請輸入姓名"],
    ["𠀀".repeat(50), undefined],
    ["𠀀".repeat(51), "姓名最多 50 個字"],
    ["林\n靜宜", "姓名 不能含有換行或控制字元"],
    [" 林靜宜\u200b", undefined],
  ])("name %j", (value, message) => {
    expect(checkName(value)).toBe(message);
  });
});
