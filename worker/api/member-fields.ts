// Member fields checked the same way wherever they arrive (sign-up, sign-in, recovery, OAuth sign-up). The rules and
// messages are the domain's (app/domain/member-fields.ts), which the forms also check in the browser; these schemas
// only wrap them for the API's zod validation.
import { z } from "zod";
import { checkEmail, checkName, checkNewPassword, checkRecoveryCode } from "~/domain/member-fields";

/** A text field held to a domain check: the check's message is the field's issue. */
function checkedText(check: (value: string) => string | undefined, whenMissing: string) {
  return z.string({ error: whenMissing }).check((ctx) => {
    const message = check(ctx.value);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });
}

export const email = checkedText(checkEmail, "請輸入電子郵件").transform((value) => value.trim().toLowerCase());

export const newPassword = checkedText(checkNewPassword, "請輸入密碼");

export const memberName = checkedText(checkName, "請輸入姓名").transform((value) => value.trim());

export const recoveryCode = checkedText(checkRecoveryCode, "請輸入驗證碼").transform((value) => value.trim());
