// A mail's HTML part: one plain, accessible document (lang zh-Hant-TW, a real <title>, an h1, paragraphs, tables with
// <th scope>), with minimal inline styles and nothing remote: no images, no external CSS, no tracking. It reads the
// same without styles. Every value written into it is escaped here, so no input can add markup.
import type { MailBlock, WrittenMail } from "./message";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Line breaks in a value (an address, a gateway message) kept as <br>. */
const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

const FONT = "'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif";
const CELL = "padding:6px 12px 6px 0;vertical-align:top";
const TABLE = "border-collapse:collapse;margin:0 0 16px";

function block(b: MailBlock, href: WrittenMail["href"]): string {
  switch (b.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px">${multiline(b.text)}</p>`;
    case "heading":
      return `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(b.text)}</h2>`;
    case "facts":
      return [
        `<table style="${TABLE}">`,
        ...b.rows.map(
          (row) =>
            `<tr><th scope="row" style="${CELL};text-align:left;font-weight:normal;color:#555">${escapeHtml(row.label)}</th>` +
            `<td style="${CELL}">${multiline(row.value)}</td></tr>`,
        ),
        "</table>",
      ].join("\n");
    case "table": {
      const align = (i: number) => (b.columns[i]?.numeric ? ";text-align:right" : ";text-align:left");
      const head = b.columns
        .map(
          (c, i) =>
            `<th scope="col" style="${CELL};border-bottom:1px solid #999${align(i)}">${escapeHtml(c.label)}</th>`,
        )
        .join("");
      const rows = b.rows.map(
        (cells) =>
          `<tr>${cells
            .map((cell, i) =>
              i === 0
                ? `<th scope="row" style="${CELL}${align(i)};font-weight:normal">${escapeHtml(cell)}</th>`
                : `<td style="${CELL}${align(i)}">${escapeHtml(cell)}</td>`,
            )
            .join("")}</tr>`,
      );
      return [
        `<table style="${TABLE}">`,
        `<caption style="text-align:left;font-weight:bold;padding:0 0 4px">${escapeHtml(b.caption)}</caption>`,
        `<thead><tr>${head}</tr></thead>`,
        `<tbody>\n${rows.join("\n")}\n</tbody>`,
        "</table>",
      ].join("\n");
    }
    case "link":
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(href(b.path))}" style="color:#6b5300">${escapeHtml(b.text)}</a></p>`;
  }
}

export function renderHtml(mail: WrittenMail): string {
  const subject = escapeHtml(mail.subject);
  return [
    "<!DOCTYPE html>",
    '<html lang="zh-Hant-TW">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${subject}</title>`,
    "</head>",
    `<body style="margin:0;padding:16px;background:#ffffff;color:#1f1f1f;font-family:${FONT};font-size:16px;line-height:1.7">`,
    // The mail is the page's main content when opened as a page (a web mail's view, a saved .html).
    "<main>",
    // Mail clients often drop <html> and <body>: the wrapper keeps the language and names the mail for screen readers.
    `<div role="article" aria-roledescription="email" aria-label="${subject}" lang="zh-Hant-TW" style="max-width:600px;margin:0 auto">`,
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(mail.title)}</h1>`,
    ...mail.blocks.map((b) => block(b, mail.href)),
    `<p style="margin:24px 0 0;border-top:1px solid #ccc;padding-top:12px">${escapeHtml(mail.signature)}</p>`,
    "</div>",
    "</main>",
    "</body>",
    "</html>",
  ].join("\n");
}
