// The page shell of the development stand-ins (/_dev/payment, /_dev/einvoice): small zh-TW HTML, never indexed nor
// cached, that keeps to the worker's CSP (a style element; a script only with the request's nonce). `html` escapes every interpolated
// value; each stand-in brings its own style and names itself in the title.
import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { WorkerEnv } from "./types";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** A stand-in's page: `title｜site`, its style, and the body as the page's one main landmark. */
export function devPage(site: string, style: string, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}｜${site}</title>
    <style>${raw(style)}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}

/** Sends a page; the stand-ins' pages are never cached. */
export function htmlReply(c: Context<WorkerEnv>, body: Html, status: 200 | 400 = 200) {
  c.header("Cache-Control", "no-store");
  return c.html(body, status);
}
