// A mail's plain-text part: the same blocks as the HTML part, one after another with a blank line between them. Facts
// are `label：value` lines, a table one line a row, a link its text and its full address.
import type { MailBlock, WrittenMail } from "./message";

function block(b: MailBlock, href: WrittenMail["href"]): string {
  switch (b.kind) {
    case "paragraph":
      return b.text;
    case "heading":
      return `【${b.text}】`;
    case "facts":
      return b.rows.map((row) => `${row.label}：${row.value}`).join("\n");
    case "table":
      return [
        `${b.caption}：`,
        ...b.rows.map((cells) =>
          cells.map((cell, i) => (i === 0 ? `・${cell}` : `${b.columns[i]?.label ?? ""} ${cell}`.trim())).join("　"),
        ),
      ].join("\n");
    case "link":
      return `${b.text}：${href(b.path)}`;
  }
}

export function renderText(mail: WrittenMail): string {
  return [mail.title, ...mail.blocks.map((b) => block(b, mail.href)), mail.signature].join("\n\n");
}
