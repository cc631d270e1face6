// 歡迎加入: the mail to a new member, by e-mail and password or through a sign-in provider. From the members row just
// written: `to` is members.email, `name` members.name.
import { routeTitle } from "~/pages";
import { pagePath } from "./links";
import { composeMail, facts, link, type MailMessage, type MailSite, paragraph } from "./message";

export interface WelcomeInput {
  to: string;
  name: string;
}

export function welcomeMail(site: MailSite, input: WelcomeInput): MailMessage {
  return composeMail(site, {
    to: input.to,
    subject: `歡迎加入${site.siteTitle}`,
    title: `歡迎加入${site.siteTitle}`,
    blocks: [
      paragraph(`${input.name} 您好：`),
      paragraph(`感謝您加入${site.siteTitle}會員。往後請以這個電子郵件登入：`),
      facts([{ label: "會員帳號", value: input.to }]),
      paragraph(
        `在「${routeTitle("member-orders")}」可查看訂單與付款進度，電子書與有聲書會放在「${routeTitle("member-bookcase")}」，喜歡的書、作者與文章可加入「${routeTitle("member-favorites")}」。`,
      ),
      link("前往會員中心", pagePath("member-profile")),
      link(`逛逛${routeTitle("product-new-books")}`, pagePath("product-new-books")),
      paragraph("如果您沒有申請加入會員，請忽略這封信，或與我們的客服中心聯絡。"),
      link(routeTitle("instructions-customer-service"), pagePath("instructions-customer-service")),
    ],
  });
}
