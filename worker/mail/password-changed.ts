// 密碼已變更: tells the owner of an account that its password was just changed, so a change they did not make is
// noticed at once. Written in the same batch as the change (worker/api/queries/members.ts for 帳號安全's form,
// queries/recovery.ts for a reset with a recovery code). `to` is members.email; `when` the change's time as the reader
// reads it (2026/11/28（六）14:05); `how` which of the two it was.
import { routeTitle } from "~/pages";
import { pagePath } from "./links";
import { composeMail, facts, link, type MailMessage, type MailSite, paragraph } from "./message";

export type PasswordChange = "security-page" | "recovery-code";

export interface PasswordChangedInput {
  to: string;
  when: string;
  how: PasswordChange;
}

const HOW: Record<PasswordChange, string> = {
  "security-page": `在「${routeTitle("member-security")}」輸入目前的密碼後變更`,
  "recovery-code": `以「${routeTitle("recovery")}」寄出的驗證碼重設`,
};

export function passwordChangedMail(site: MailSite, input: PasswordChangedInput): MailMessage {
  return composeMail(site, {
    to: input.to,
    subject: `${site.siteTitle} 密碼已變更`,
    title: "密碼已變更",
    blocks: [
      paragraph("您好："),
      paragraph("您的會員帳號密碼剛剛變更，其他已登入的裝置都已登出，請以新密碼登入。"),
      ...(input.how === "recovery-code"
        ? [paragraph(`為保護帳號，連結的社群帳號也已解除，需要時可在「${routeTitle("member-security")}」重新連結。`)]
        : []),
      facts([
        { label: "變更時間", value: input.when },
        { label: "變更方式", value: HOW[input.how] },
      ]),
      paragraph(
        `如果這不是您本人的操作，請立即以「${routeTitle("recovery")}」重設密碼（驗證碼只會寄到這個信箱），並與我們的客服中心聯絡。`,
      ),
      link(routeTitle("recovery"), pagePath("recovery")),
      link(routeTitle("instructions-customer-service"), pagePath("instructions-customer-service")),
    ],
  });
}
