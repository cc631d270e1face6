// The 64 KB body limit of /api/frontend (worker/body-limit.ts) for the pages' form actions too: a form post is read
// (and an oversized one drained) before React Router sees it; past the limit the reader gets a 413 page in Chinese.
import { createMiddleware } from "hono/factory";
import { API_BODY_LIMIT_BYTES, readLimitedBody } from "../body-limit";
import { refuse } from "../refusal";
import type { WorkerEnv } from "../types";

export const documentBodyLimit = createMiddleware<WorkerEnv>(async (c, next) => {
  const request = c.req.raw;
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return next();
  const body = await readLimitedBody(request);
  if (body === null) {
    c.header("Connection", "close");
    return refuse(c, 413, `請求內容過大（上限 ${API_BODY_LIMIT_BYTES / 1024} KB）`, {
      title: "送出的內容過大",
      text: `表單內容超過 ${API_BODY_LIMIT_BYTES / 1024} KB 的上限，我們沒有處理。請縮短內容後再送出一次。`,
    });
  }
  // The body is read: the page gets it again from memory.
  c.req.raw = new Request(request, { body });
  await next();
});
