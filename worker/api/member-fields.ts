// Member fields checked the same way wherever they arrive (sign-up, sign-in, recovery, OAuth sign-up).
import { z } from "zod";

export const email = z
  .string({ error: "請輸入電子郵件" })
  .trim()
  .min(1, "請輸入電子郵件")
  .max(254, "電子郵件太長")
  .pipe(z.email({ error: "電子郵件格式不正確" }))
  .transform((value) => value.toLowerCase());

export const newPassword = z
  .string({ error: "請輸入密碼" })
  .min(8, "密碼至少 8 個字元")
  .max(64, "密碼最多 64 個字元")
  .regex(/^[A-Za-z0-9]+$/, "密碼只能使用英文字母與數字")
  .regex(/[A-Za-z]/, "密碼需包含英文字母")
  .regex(/[0-9]/, "密碼需包含數字");

export const memberName = z.string({ error: "請輸入姓名" }).trim().min(1, "請輸入姓名").max(50, "姓名最多 50 個字");
