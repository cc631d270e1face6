// Forgotten password: mail a code, then set a new password with it (SPEC §2 /recovery).
//
// Recovery has its own limits per e-mail address (queries/recovery-limits.ts), apart from the sign-in throttle, so
// failing to sign in never blocks recovery, nor the other way round: per day at most RECOVERY_CODES_PER_DAY codes
// are sent and RECOVERY_FAILURES_PER_DAY wrong codes are checked; past either cap no new code is sent for a day, and
// the owner is mailed. The replies are the same whether a member has the address or not.
import { Hono } from "hono";
import { z } from "zod";
import { formatDateTime } from "~/lib/format";
import type { MailSite } from "../../mail/message";
import { recoveryCodeMail, recoveryPausedMail } from "../account-mails";
import { hashPassword } from "../auth/password";
import {
  newRecoveryCode,
  RECOVERY_CODE_SECONDS,
  RECOVERY_CODES_PER_DAY,
  RECOVERY_FAILURES_PER_DAY,
  RECOVERY_MAX_ATTEMPTS,
  recoveryCodeHash,
} from "../auth/recovery-code";
import { invalidInput, ok, tooManyAttempts } from "../envelope";
import { handOff } from "../hand-off";
import { mailSite } from "../mail";
import { email, newPassword, recoveryCode } from "../member-fields";
import { clearAttempts } from "../queries/attempts";
import { findMemberForLogin } from "../queries/members";
import { checkRecoveryCode, resetPassword, storeRecoveryCode } from "../queries/recovery";
import {
  claimCodeCheck,
  giveBackCodeCheck,
  type PauseMail,
  pauseAfterFailures,
  requestRecoveryCode,
} from "../queries/recovery-limits";
import type { ApiEnv } from "../types";
import { validate } from "../validation";
import { writesFor } from "../writes";

const codeBody = z.strictObject({ email });

const resetBody = z.strictObject({
  email,
  code: recoveryCode,
  new_password: newPassword,
});

const SENT = `若此電子郵件已註冊，驗證碼已寄出，${RECOVERY_CODE_SECONDS / 60} 分鐘內有效`;
const WRONG_CODE = "驗證碼錯誤或已過期";
const USED_UP = "驗證碼錯誤次數過多，請重新取得驗證碼";

/** A pause's end as readers read it: 2026/11/27（五）14:05, Taipei time. */
const readable = (pausedUntil: number) => formatDateTime(new Date(pausedUntil).toISOString());

/** The reply to a request for a code while recovery is paused. */
const pausedReply = (pausedUntil: number) =>
  tooManyAttempts(
    `這個電子郵件今天申請重設密碼的次數已達上限，為保護帳號，${readable(pausedUntil)} 前不會再寄出驗證碼；您仍可用密碼登入`,
  );

/** The reply to a code checked once the day's wrong codes are used up. */
const failuresUsedUpReply = (pausedUntil: number) =>
  tooManyAttempts(
    `驗證碼錯誤次數已達今天的上限，為保護帳號，${readable(pausedUntil)} 前不會再寄出驗證碼，也不再接受驗證碼；您仍可用密碼登入`,
  );

/** The mail that tells a member of a pause; none for an address no member has. */
const pauseMailFor =
  (site: MailSite, address: string, isMember: boolean, reason: string): PauseMail =>
  (pausedUntil) =>
    isMember ? recoveryPausedMail(site, address, reason, readable(pausedUntil)) : null;

export const recoveryRoutes = new Hono<ApiEnv>()
  .post("/code", validate("json", codeBody), async (c) => {
    const { email: address } = c.req.valid("json");
    const member = await findMemberForLogin(c.env.DB, address);
    const mail = pauseMailFor(mailSite(c.env.config), address, !!member, `驗證碼已寄出 ${RECOVERY_CODES_PER_DAY} 次`);
    const asked = await requestRecoveryCode(c.env.DB, address, mail);
    if (asked.outcome === "paused") {
      await handOff(c, { mail: asked.mailed });
      throw pausedReply(asked.pausedUntil);
    }
    // Otherwise the same reply either way, so nobody can learn who is a member.
    if (asked.outcome === "send" && member) {
      const code = newRecoveryCode();
      const mail = recoveryCodeMail(mailSite(c.env.config), address, code, RECOVERY_CODE_SECONDS / 60);
      await handOff(c, {
        mail: await storeRecoveryCode(c.env.DB, member.id, await recoveryCodeHash(member.id, code), mail),
      });
    }
    return ok(c, null, SENT);
  })
  .post("/reset", validate("json", resetBody), async (c) => {
    const body = c.req.valid("json");
    const member = await findMemberForLogin(c.env.DB, body.email);
    const mail = pauseMailFor(
      mailSite(c.env.config),
      body.email,
      !!member,
      `驗證碼輸入錯誤 ${RECOVERY_FAILURES_PER_DAY} 次`,
    );
    // Counted as a failure before the check, so parallel guesses cannot slip past the day's cap; a right code gives
    // it back.
    const claim = await claimCodeCheck(c.env.DB, body.email, mail);
    if (!claim.granted) {
      await handOff(c, { mail: claim.mailed });
      throw failuresUsedUpReply(claim.pausedUntil);
    }
    const codeHash = member ? await recoveryCodeHash(member.id, body.code) : "";
    const check = member ? await checkRecoveryCode(c.env.DB, member.id, codeHash) : "wrong";
    if (member && check === "valid") {
      const writes = writesFor(c.env.config);
      const newHash = await hashPassword(body.new_password);
      const session = await resetPassword(c.env.DB, member.id, codeHash, newHash, Date.now(), {
        writes,
        email: member.email,
      });
      if (!session) throw invalidInput(WRONG_CODE);
      await handOff(c, writes);
      await giveBackCodeCheck(c.env.DB, body.email);
      // The owner just proved they hold the mailbox: a sign-in lock a stranger caused is lifted too.
      await clearAttempts(c.env.DB, body.email);
      return ok(c, session, "密碼已重設");
    }
    if (claim.failuresToday >= RECOVERY_FAILURES_PER_DAY) {
      const pause = await pauseAfterFailures(c.env.DB, body.email, member?.id ?? null, mail);
      await handOff(c, { mail: pause.mailed });
      throw failuresUsedUpReply(pause.pausedUntil);
    }
    // The address's count decides the message, not the member's code, so it is the same for an unknown address.
    throw invalidInput(claim.failuresSinceCode === RECOVERY_MAX_ATTEMPTS ? USED_UP : WRONG_CODE);
  });
