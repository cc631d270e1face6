// Member fields checked the same way wherever they arrive (sign-up, sign-in, recovery, OAuth sign-up, the profile and
// the password change). The rules and
// messages are the domain's (app/features/account/member-fields.ts), which the forms also check in the browser; these schemas
// only wrap them for the API's zod validation.
import { z } from "zod";
import { tidyText } from "~/domain/plain-text";
import { checkEmail, tidyEmail } from "~/features/account/email-address";
import {
  checkBirthday,
  checkCellphone,
  checkCurrentPassword,
  checkName,
  checkNewPassword,
  checkRecoveryCode,
  todayIso,
} from "~/features/account/member-fields";

/** A text field held to a domain check: the check's message is the field's issue. */
function checkedText(check: (value: string) => string | undefined, whenMissing: string) {
  return z.string({ error: whenMissing }).check((ctx) => {
    const message = check(ctx.value);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });
}

/** An e-mail as typed, read through tidyEmail (full-width forms as ASCII, trimmed) and checked by the domain's rule. */
export const emailField = (whenMissing: string) =>
  checkedText(checkEmail, whenMissing).transform((value) => tidyEmail(value).toLowerCase());

export const email = emailField("請輸入電子郵件");

export const newPassword = checkedText(checkNewPassword, "請輸入密碼");

export const memberName = checkedText(checkName, "請輸入姓名").transform(tidyText);

export const recoveryCode = checkedText(checkRecoveryCode, "請輸入驗證碼").transform((value) => value.trim());

export const currentPassword = checkedText(checkCurrentPassword, "請輸入目前的密碼");

// The profile's optional fields: the form sends an empty field as null; the API takes null, not an empty string.

/** Refuses an empty (or blank) value with `message`; otherwise the domain check decides. */
const notBlank = (check: (value: string) => string | undefined, message: string) => (value: string) =>
  value.trim() === "" ? message : check(value);

export const cellphone = checkedText(notBlank(checkCellphone, "手機號碼格式不正確"), "手機號碼格式不正確").transform(
  (value) => value.trim(),
);

export const birthday = checkedText(
  notBlank((value) => checkBirthday(value, todayIso()), "生日格式須為 YYYY-MM-DD"),
  "生日格式須為 YYYY-MM-DD",
).transform((value) => value.trim());
