// A mail as the delivery hands it to the send_email binding: one plain-text part and one HTML part, written from the
// same blocks (paragraphs, headings, label–value facts, a table, links), so the two parts always say the same thing.
// The blocks hold plain text only: html.ts escapes every value it writes, text.ts writes it as it is.
import { renderHtml } from "./html";
import { renderText } from "./text";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What every mail is written with: the store's name (config.siteTitle, SITE_TITLE) and its origin (SITE_URL). */
export interface MailSite {
  /** The store's name, the mail's signature. */
  siteTitle: string;
  /** The absolute origin links are built from (https://…); required by mails that link to the site. */
  siteUrl: string;
}

/** A path on this site (`/member/orders?no=…`); the mail writes it after SITE_URL. */
export type SitePath = `/${string}`;

export type MailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  /** Label–value pairs: a table of row headers in HTML, `label：value` lines in text. */
  | { kind: "facts"; rows: readonly Fact[] }
  /** A data table: a header of columns; each row's first cell names the row. */
  | { kind: "table"; caption: string; columns: readonly TableColumn[]; rows: readonly (readonly string[])[] }
  | { kind: "link"; text: string; path: SitePath };

export interface Fact {
  label: string;
  value: string;
}

export interface TableColumn {
  label: string;
  /** Amounts and counts: right-aligned in HTML. */
  numeric?: boolean;
}

export const paragraph = (text: string): MailBlock => ({ kind: "paragraph", text });
export const heading = (text: string): MailBlock => ({ kind: "heading", text });
export const facts = (rows: readonly Fact[]): MailBlock => ({ kind: "facts", rows });
export const link = (text: string, path: SitePath): MailBlock => ({ kind: "link", text, path });

/** What a mail says, before it is written as text and HTML. */
export interface MailContent {
  to: string;
  subject: string;
  /** The mail's main heading (h1). */
  title: string;
  blocks: readonly MailBlock[];
}

/**
 * An absolute link on the site: SITE_URL (without its trailing slash) followed by the path. Refuses a SITE_URL that
 * is not an absolute http(s) origin, and a path that would lead elsewhere (`//host`), so every link in a mail starts
 * with SITE_URL.
 */
export function siteLink(siteUrl: string, path: SitePath): string {
  const origin = siteUrl.replace(/\/+$/, "");
  if (!/^https?:\/\/[^/?#\s]+$/.test(origin)) throw new Error(`SITE_URL must be an http(s) origin, not "${siteUrl}"`);
  if (path.startsWith("//") || /\s/.test(path)) throw new Error(`a link in mail must be a path on the site: ${path}`);
  return `${origin}${path}`;
}

/** The mail written out: the text part and the HTML part, signed with the store's name. */
export function composeMail(site: Pick<MailSite, "siteTitle"> & Partial<MailSite>, content: MailContent): MailMessage {
  const subject = content.subject.replace(/\s*[\r\n]+\s*/g, " ");
  const href = (path: SitePath) => {
    if (site.siteUrl === undefined) throw new Error("a mail with links needs SITE_URL");
    return siteLink(site.siteUrl, path);
  };
  const written = { ...content, subject, signature: site.siteTitle, href };
  return { to: content.to, subject, text: renderText(written), html: renderHtml(written) };
}

/** What the renderers are given: the content, its signature and how a path becomes a link. */
export interface WrittenMail extends MailContent {
  signature: string;
  href: (path: SitePath) => string;
}
