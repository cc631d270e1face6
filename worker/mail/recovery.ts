// The two mails of password recovery (worker/api/routes/recovery.ts):
// - the recovery code: `to` is the address asked for (a member's members.email), `code` the new code (never stored in
//   clear: recovery_codes keeps its hash), `validMinutes` how long it holds (RECOVERY_CODE_SECONDS / 60);
// - recovery paused: `to` as above, `reason` what used the day up (e.g. 驗證碼已寄出 5 次), `until` when the pause ends,
//   as the reader reads it (recovery_limits' paused-until time written in Taipei time, 2026/11/27（五）14:05).
// Neither links anywhere: the code is typed on the page that asked for it, and nothing secret may go into a URL.
import { routeTitle } from "~/pages";
import { composeMail, type MailMessage, type MailSite, paragraph } from "./message";

export interface RecoveryCodeInput {
  to: string;
  code: string;
  validMinutes: number;
}

export function recoveryCodeMail(site: Pick<MailSite, "siteTitle">, input: RecoveryCodeInput): MailMessage {
  return composeMail(site, {
    to: input.to,
    subject: `${site.siteTitle} 密碼重設驗證碼`,
    title: "密碼重設驗證碼",
    blocks: [
      paragraph("您好："),
      paragraph(`您的驗證碼是 ${input.code}，${input.validMinutes} 分鐘內有效。若您沒有申請重設密碼，請忽略這封信。`),
      paragraph("請勿將驗證碼告訴任何人，本店人員不會向您詢問驗證碼。"),
    ],
  });
}

export interface RecoveryPausedInput {
  to: string;
  reason: string;
  until: string;
}

/**
 * Tells the owner recovery is paused: why, until when, that the password and signed-in devices still work, and what to
 * do when it was not them.
 */
export function recoveryPausedMail(site: Pick<MailSite, "siteTitle">, input: RecoveryPausedInput): MailMessage {
  return composeMail(site, {
    to: input.to,
    subject: `${site.siteTitle} 密碼重設已暫停`,
    title: "密碼重設已暫停",
    blocks: [
      paragraph("您好："),
      paragraph(
        `您的帳號今天申請重設密碼的次數已達上限（${input.reason}）。為保護您的帳號，${input.until} 前不會再寄出新的驗證碼。`,
      ),
      paragraph("這段期間您仍可用原本的密碼登入，已登入的裝置也不受影響。"),
      paragraph(
        `如果這些申請不是您提出的，您的密碼並沒有改變，不需要做任何事；若擔心帳號安全，可在登入後到「${routeTitle("member-security")}」變更密碼，並登出其他裝置。`,
      ),
    ],
  });
}
