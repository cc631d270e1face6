// The member fields' rules and messages, once: the forms check them in the browser and in their actions, and the
// built-in API's schemas (worker/api/member-fields.ts) wrap them. Plain functions, no zod: they run in the client
// bundle.
// Each check returns the field's message, or undefined when the value is acceptable.
import { characterCount, controlCharacterMessage, hasControlCharacter, tidyText } from "../../domain/plain-text";

export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Digits of a mailed recovery code: with the caps on codes per day, guessing one is hopeless (README, "Recovery"). */
export const RECOVERY_CODE_LENGTH = 10;

/** The member's name (surrounding spaces and invisible characters do not count; app/domain/plain-text.ts). */
export function checkName(value: string): string | undefined {
  const name = tidyText(value);
  if (name.length === 0) return "請輸入姓名";
  if (hasControlCharacter(name)) return controlCharacterMessage("姓名");
  if (characterCount(name) > NAME_MAX_LENGTH) return `姓名最多 ${NAME_MAX_LENGTH} 個字`;
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

const RECOVERY_CODE_SHAPE = new RegExp(`^\\d{${RECOVERY_CODE_LENGTH}}$`);

/** The mailed recovery code: RECOVERY_CODE_LENGTH digits. */
export function checkRecoveryCode(value: string): string | undefined {
  const code = value.trim();
  if (code.length === 0) return "請輸入驗證碼";
  if (!RECOVERY_CODE_SHAPE.test(code)) return `驗證碼是 ${RECOVERY_CODE_LENGTH} 位數字`;
  return undefined;
}

/** The password the member signs in with now (changing it asks for it first). */
export function checkCurrentPassword(value: string): string | undefined {
  if (value.length === 0) return "請輸入目前的密碼";
  if (value.length > PASSWORD_MAX_LENGTH) return `密碼最多 ${PASSWORD_MAX_LENGTH} 個字元`;
  return undefined;
}

/** A changed password must differ from the current one. */
export function checkPasswordChanged(current: string, next: string): string | undefined {
  return current.length > 0 && current === next ? "新密碼不能與目前的密碼相同" : undefined;
}

export const CELLPHONE_MIN_DIGITS = 8;
export const CELLPHONE_MAX_DIGITS = 15;

/** The profile's cellphone: optional (empty is none); else an optional leading + and 8 to 15 digits. */
export function checkCellphone(value: string): string | undefined {
  const cellphone = value.trim();
  if (cellphone.length === 0) return undefined;
  if (!/^\+?\d+$/.test(cellphone)) return "手機號碼只能是數字，可用 + 開頭";
  const digits = cellphone.replace("+", "").length;
  if (digits < CELLPHONE_MIN_DIGITS || digits > CELLPHONE_MAX_DIGITS) {
    return `手機號碼須為 ${CELLPHONE_MIN_DIGITS} 至 ${CELLPHONE_MAX_DIGITS} 位數字`;
  }
  return undefined;
}

/** The earliest birthday the profile takes. */
export const BIRTHDAY_MIN = "1900-01-01";

/** Today as YYYY-MM-DD in UTC, the latest birthday the profile takes (the API's clock decides). */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** A real calendar date written YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The profile's birthday: optional (empty is none); else a date from 1900-01-01 up to `today` (YYYY-MM-DD). */
export function checkBirthday(value: string, today: string): string | undefined {
  const birthday = value.trim();
  if (birthday.length === 0) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return "生日格式須為 YYYY-MM-DD";
  if (!isCalendarDate(birthday)) return "生日不是存在的日期";
  if (birthday < BIRTHDAY_MIN || birthday > today) return "生日不在合理範圍";
  return undefined;
}

/** The profile's gender as the contract codes it (0 不提供, 1 男, 2 女); null when not chosen. */
export const GENDER_LABEL = { 0: "不提供", 1: "男", 2: "女" } as const;
export type Gender = keyof typeof GENDER_LABEL;

/** A posted gender: "" is none (null), "0"–"2" a code; anything else is not a gender (undefined). */
export function parseGender(value: string): Gender | null | undefined {
  if (value === "") return null;
  return value === "0" || value === "1" || value === "2" ? (Number(value) as Gender) : undefined;
}
