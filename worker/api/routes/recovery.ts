// Forgotten password: mail a code, then set a new password with it (SPEC §2 /recovery).
import { Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "../auth/password";
import { newRecoveryCode, RECOVERY_CODE_SECONDS, recoveryCodeHash } from "../auth/recovery-code";
import { invalidInput, ok, tooManyAttempts } from "../envelope";
import { queueMail } from "../mail";
import { email, newPassword, recoveryCode } from "../member-fields";
import { claimAttempt, clearAttempts } from "../queries/attempts";
import { findMemberForLogin } from "../queries/members";
import { checkRecoveryCode, resetPassword, sentRecently, storeRecoveryCode } from "../queries/recovery";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const codeBody = z.object({ email });

const resetBody = z.object({
  email,
  code: recoveryCode,
  new_password: newPassword,
});

const SENT = `若此電子郵件已註冊，驗證碼已寄出，${RECOVERY_CODE_SECONDS / 60} 分鐘內有效`;
const WRONG_CODE = "驗證碼錯誤或已過期";

export const recoveryRoutes = new Hono<ApiEnv>()
  .post("/code", validate("json", codeBody), async (c) => {
    const { email: address } = c.req.valid("json");
    const member = await findMemberForLogin(c.env.DB, address);
    // The same reply either way, so nobody can learn who is a member.
    if (member && !(await sentRecently(c.env.DB, member.id))) {
      const code = newRecoveryCode();
      await storeRecoveryCode(c.env.DB, member.id, await recoveryCodeHash(member.id, code));
      await queueMail(c.env.DB, {
        to: address,
        subject: "覺林書房 密碼重設驗證碼",
        body: `您的驗證碼是 ${code}，${RECOVERY_CODE_SECONDS / 60} 分鐘內有效。若您沒有申請重設密碼，請忽略這封信。`,
      });
    }
    return ok(c, null, SENT);
  })
  .post("/reset", validate("json", resetBody), async (c) => {
    const body = c.req.valid("json");
    // Codes share the throttle of passwords (at most 5 checked per address in a 15-minute window), counted
    // before the check; a right code clears it.
    if (!(await claimAttempt(c.env.DB, body.email))) throw tooManyAttempts("嘗試次數過多，請 15 分鐘後再試");
    const member = await findMemberForLogin(c.env.DB, body.email);
    const codeHash = member ? await recoveryCodeHash(member.id, body.code) : "";
    const check = member ? await checkRecoveryCode(c.env.DB, member.id, codeHash) : "wrong";
    if (!member || check !== "valid") {
      throw invalidInput(check === "used-up" ? "驗證碼錯誤次數過多，請重新取得驗證碼" : WRONG_CODE);
    }
    const session = await resetPassword(c.env.DB, member.id, codeHash, await hashPassword(body.new_password));
    if (!session) throw invalidInput(WRONG_CODE);
    await clearAttempts(c.env.DB, body.email);
    return ok(c, session, "密碼已重設");
  });
