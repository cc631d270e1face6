// The worker's one onError: whatever escapes a handler or middleware (an invalid configuration included) is logged
// as one JSON line with the request id and answered without technical details — the SPEC envelope (code 5) for
// /api paths, SPEC §2's error page for everything else. The built-in API keeps its own onApiError (envelope.ts).
import type { Context, MiddlewareHandler } from "hono";
import { escapeXml } from "~/http/xml";
import { log } from "~/lib/log.server";
import { ERROR_PAGE_TITLE } from "~/lib/meta";
import { SERVER_BUSY } from "./api/envelope";
import type { WorkerEnv } from "./types";

export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** What the error page says: its title and the alert's text. */
export interface ErrorNotice {
  title: string;
  text: string;
}

const SPEC_ERROR_NOTICE: ErrorNotice = { title: ERROR_PAGE_TITLE, text: "很抱歉！您所要進入的頁面連結可能有誤。" };

/**
 * SPEC §2's error page as static HTML: the app's renderer may be what failed, so nothing of it is used. The worker's
 * refusals of a document request (worker/middleware/) use the same page with a notice of their own.
 */
export function errorPageHtml(requestId: string, siteTitle?: string, notice = SPEC_ERROR_NOTICE): string {
  const title = siteTitle ? `${notice.title} - ${siteTitle}` : notice.title;
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeXml(title)}</title>
<style>
:root{color-scheme:light dark;font-family:"PingFang TC","Noto Sans TC","Microsoft JhengHei",sans-serif}
body{margin:0;padding:3rem 1rem;background:Canvas;color:CanvasText}
main{max-width:36rem;margin:0 auto}
h1{font-size:1.75rem;margin:0 0 1.5rem}
[role=alert]{border:1px solid #d6d0c4;border-left:4px solid #7a6a22;padding:1.25rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
p{margin:0}
a{display:inline-block;margin-top:2rem;padding:.6rem 1.5rem;background:#7a6a22;color:#fff;text-decoration:none}
small{display:block;margin-top:2rem;color:GrayText}
</style>
</head>
<body>
<main>
<h1>${escapeXml(notice.title)}</h1>
<div role="alert"><h2>提示訊息</h2><p>${escapeXml(notice.text)}</p></div>
<a href="/">返回首頁</a>
<small>請求編號：${escapeXml(requestId)}</small>
</main>
</body>
</html>
`;
}

export function onWorkerError(error: Error, c: Context<WorkerEnv>): Response {
  const requestId = c.get("requestId") ?? "";
  log.error("worker", { method: c.req.method, path: c.req.path, message: String(error), stack: error.stack });
  c.header("Cache-Control", "no-store");
  if (isApiPath(c.req.path)) return c.json({ ...SERVER_BUSY, request_id: requestId }, 500);
  return c.html(errorPageHtml(requestId, c.get("config")?.siteTitle), 500);
}

/**
 * Hono hands only Error instances to onError; anything else thrown (a string, a plain object, an exception of the
 * runtime that is not an Error) would escape it and become the runtime's plain-text 500. This wraps it on the way out.
 */
export const thrownAsErrors: MiddlewareHandler<WorkerEnv> = async (_c, next) => {
  try {
    await next();
  } catch (thrown) {
    throw thrown instanceof Error ? thrown : new Error(`non-Error thrown: ${String(thrown)}`);
  }
};
