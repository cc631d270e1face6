// What the send_email binding is given for one outbox row (Cloudflare Email Sending's builder form): the store as
// sender, Reply-To when configured, the text part and the HTML part when there is one, and only headers the platform
// accepts: X- headers and its allowlist (developers.cloudflare.com/email-service/reference/headers/ lists
// Auto-Submitted and Content-Language). The local binding checks no header, so binding-message.test.ts is the check.
import type { WorkerConfig } from "../config";
import type { ClaimedMail } from "./outbox";

/** The sender of every mail, from MAIL_FROM, MAIL_FROM_NAME and MAIL_REPLY_TO; null when MAIL_FROM is not set. */
export interface Sender {
  from: { email: string; name: string };
  replyTo?: string;
}

export function senderOf(config: Pick<WorkerConfig, "mailFrom" | "mailFromName" | "mailReplyTo">): Sender | null {
  if (!config.mailFrom) return null;
  return {
    from: { email: config.mailFrom, name: config.mailFromName },
    ...(config.mailReplyTo ? { replyTo: config.mailReplyTo } : {}),
  };
}

/** The header that names the outbox row in every mail, so a mail in any mailbox or log leads back to its row. */
export const OUTBOX_ID_HEADER = "X-Outbox-Id";

/** The binding's message for `mail` from `sender`. */
export function bindingMessage(mail: ClaimedMail, sender: Sender): EmailMessageBuilder {
  return {
    from: sender.from,
    to: mail.recipient,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    subject: mail.subject,
    text: mail.body,
    ...(mail.html ? { html: mail.html } : {}),
    headers: {
      [OUTBOX_ID_HEADER]: String(mail.id),
      // Automatic mail (RFC 3834): auto-responders do not answer it.
      "Auto-Submitted": "auto-generated",
      "Content-Language": "zh-TW",
    },
  };
}
