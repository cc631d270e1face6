// Outgoing mail is written to D1 (mail_outbox, status 'written') in the same batch as the change it tells of, and
// handed to the mail queue after that batch (worker/api/hand-off.ts, worker/mail-delivery/); nothing is sent from
// a request. The mails themselves are built by worker/mail/.
import { log } from "~/lib/log.server";
import type { WorkerConfig } from "../config";
import type { MailMessage, MailSite } from "../mail/message";
import type { ApiDatabase } from "./types";

export interface Mail extends MailMessage {
  /** The content must not stay readable once delivered (a recovery code): the delivery replaces it then. */
  secret?: boolean;
}

/** The store's name and SITE_URL, as mail signs and links with them (SITE_URL empty: mail with links is not written). */
export const mailSite = (config: Pick<WorkerConfig, "siteTitle" | "siteUrl">): MailSite => ({
  siteTitle: config.siteTitle,
  siteUrl: config.siteUrl,
});

/**
 * The mail `build` writes for `site`, or null when it cannot be written because SITE_URL is empty (a deployment
 * refuses that, `npm start` and the tests set it): the change goes ahead without its mail, and one line says so.
 */
export function mailWithLinks(site: MailSite, kind: string, build: (site: MailSite) => MailMessage): Mail | null {
  if (!site.siteUrl) {
    log.warn("mail", { event: "not written: SITE_URL is empty", kind });
    return null;
  }
  return build(site);
}

/** The outbox insert's head: its values are the recipient, subject, text, HTML, secret flag and time (ms). */
export const OUTBOX_INSERT = "INSERT INTO mail_outbox (recipient, subject, body, html, secret, created_at)";

const values = (mail: Mail, now: number) =>
  [mail.to, mail.subject, mail.text, mail.html, mail.secret ? 1 : 0, now] as const;

/** Writes `mail` to the outbox; its outbox id. */
export async function queueMail(db: ApiDatabase, mail: Mail, now = Date.now()): Promise<number> {
  const row = await db
    .prepare(`${OUTBOX_INSERT} VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`)
    .bind(...values(mail, now))
    .first<{ id: number }>();
  if (!row) throw new Error("mail_outbox: the insert returned no id");
  return row.id;
}

/**
 * A batch statement that writes `mail` only when `condition` holds at its turn in the batch (a SQL condition built
 * from integers and hex only, such as the state machine's "this move happened"), so the mail and the change it tells
 * of are written together or not at all. Its result's rows hold the outbox id (`returnedIds`, writes.ts).
 */
export function queueMailWhen(db: ApiDatabase, mail: Mail, condition: string, now = Date.now()) {
  return db
    .prepare(`${OUTBOX_INSERT} SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${condition} RETURNING id`)
    .bind(...values(mail, now));
}

/** `queueMailWhen` the statement before it in the batch changed a row (SQLite's changes()). */
export const queueMailAfterChange = (db: ApiDatabase, mail: Mail, now = Date.now()) =>
  queueMailWhen(db, mail, "changes() > 0", now);
