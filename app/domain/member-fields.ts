// The member fields' rules and messages, once: the forms check them in the browser and in their actions, and the
// built-in API's schemas (worker/api/member-fields.ts) wrap them. Plain functions, no zod: they run in the client
// bundle.
// Each check returns the field's message, or undefined when the value is acceptable.

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const RECOVERY_CODE_LENGTH = 6;

/** zod's "practical" e-mail pattern, which the API uses. */
const EMAIL_SHAPE =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The e-mail (surrounding spaces do not count). */
export function checkEmail(value: string): string | undefined {
  const email = value.trim();
  if (email.length === 0) return "請輸入電子郵件";
  if (email.length > EMAIL_MAX_LENGTH) return "電子郵件太長";
  if (!EMAIL_SHAPE.test(email)) return "電子郵件格式不正確";
  return undefined;
}

/** The member's name (surrounding spaces do not count). */
export function checkName(value: string): string | undefined {
  const name = value.trim();
  if (name.length === 0) return "請輸入姓名";
  if (name.length > NAME_MAX_LENGTH) return `姓名最多 ${NAME_MAX_LENGTH} 個字`;
  return undefined;
}

/** The new-password rules in a line, shown under the field. */
export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} 至 ${PASSWORD_MAX_LENGTH} 個字元，只能使用英文字母與數字，且兩者都要有`;

/** A new password: 8 to 64 letters and digits, at least one of each. */
export function checkNewPassword(value: string): string | undefined {
  if (value.length === 0) return "請輸入密碼";
  if (value.length < PASSWORD_MIN_LENGTH) return `密碼至少 ${PASSWORD_MIN_LENGTH} 個字元`;
  if (value.length > PASSWORD_MAX_LENGTH) return `密碼最多 ${PASSWORD_MAX_LENGTH} 個字元`;
  if (!/^[A-Za-z0-9]+$/.test(value)) return "密碼只能使用英文字母與數字";
  if (!/[A-Za-z]/.test(value)) return "密碼需包含英文字母";
  if (!/[0-9]/.test(value)) return "密碼需包含數字";
  return undefined;
}

/** The new password typed a second time. */
export function checkPasswordConfirmation(password: string, confirmation: string): string | undefined {
  if (confirmation.length === 0) return "請再輸入一次密碼";
  if (confirmation !== password) return "兩次輸入的密碼不一致";
  return undefined;
}

/** The mailed recovery code: six digits. */
export function checkRecoveryCode(value: string): string | undefined {
  const code = value.trim();
  if (code.length === 0) return "請輸入驗證碼";
  if (!/^\d{6}$/.test(code)) return `驗證碼是 ${RECOVERY_CODE_LENGTH} 位數字`;
  return undefined;
}
