// The worker's own refusals of a request before any handler sees it (another site's write, a wrong content type, a
// body past the limit): the envelope with code 2 for /api paths, the error page with a notice for documents, so a
// reader who lands on one sees what happened in Chinese. Never cached.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_CODE } from "~/http/api-codes";
import { type ErrorNotice, errorPageHtml, isApiPath } from "./error-handler";
import type { WorkerEnv } from "./types";

export function refuse(
  c: Context<WorkerEnv>,
  status: ContentfulStatusCode,
  message: string,
  notice: ErrorNotice,
): Response {
  c.header("Cache-Control", "no-store");
  if (isApiPath(c.req.path)) return c.json({ code: API_CODE.invalidInput, message }, status);
  return c.html(errorPageHtml(c.get("requestId") ?? "", c.get("config")?.siteTitle, notice), status);
}
