// What every mail must be, checked the same way in each mail's tests: an accessible zh-Hant-TW HTML document with a
// real title, nothing remote (no image, stylesheet, script or frame), links only to SITE_URL and never carrying the
// recipient's address, and a text part without markup whose addresses are SITE_URL's too.
import { expect } from "vitest";
import { escapeHtml } from "../html";
import type { MailMessage } from "../message";

export const SITE = { siteTitle: "覺林書房", siteUrl: "https://books.example.tw" } as const;

/** The addresses the HTML part links to. */
export const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "");

/** The addresses written out in the text part. */
export const urlsInText = (text: string) => text.match(/https?:\/\/[^\s　）」]+/g) ?? [];

/** The HTML part: an accessible document, nothing remote, links only to SITE_URL; whatever the input was. */
export function expectSafeHtml(mail: MailMessage, siteUrl: string = SITE.siteUrl) {
  const { html } = mail;
  expect(html.startsWith('<!DOCTYPE html>\n<html lang="zh-Hant-TW">')).toBe(true);
  expect(html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
  expect(html).toMatch(/<h1[ >]/);
  // Opened as a page, the mail is its one main landmark (axe's landmark-one-main and region).
  expect(html.match(/<main>/g)).toHaveLength(1);
  // Escaped text has no "<": every "<" left opens a tag the layout wrote.
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    expect(tag).toMatch(
      /^<(!DOCTYPE html|\/?(html|head|meta|title|body|main|div|h1|h2|p|br|table|caption|thead|tbody|tr|th|td|a))[ >]/,
    );
    expect(tag).not.toMatch(/\s(src|srcset|background|poster|on[a-z]+)=/i);
    expect(tag).not.toMatch(/url\(|@import|expression\(/i);
  }
  for (const href of hrefsOf(html)) {
    expect(href.startsWith(`${siteUrl}/`)).toBe(true);
    expect(href.toLowerCase()).not.toContain(mail.to.toLowerCase());
    expect(href.toLowerCase()).not.toContain(encodeURIComponent(mail.to).toLowerCase());
  }
  expect(html).toContain(`${escapeHtml(SITE.siteTitle)}</p>\n</div>`);
  expect(mail.subject).not.toMatch(/[\r\n]/);
}

/** Both parts, for input without markup of its own: the text part has no tags, and its addresses are SITE_URL's. */
export function expectWellFormedMail(mail: MailMessage, siteUrl: string = SITE.siteUrl) {
  expectSafeHtml(mail, siteUrl);
  const { text } = mail;
  expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
  for (const url of urlsInText(text)) expect(url.startsWith(`${siteUrl}/`)).toBe(true);
  expect(text.trimEnd().endsWith(SITE.siteTitle)).toBe(true);
}
