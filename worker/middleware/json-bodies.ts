// The /api/frontend writes take JSON only. A body of another type is refused with 415 (code 2) before anything reads
// it: a form or text/plain post (what another site's page can send without asking) must not be taken for JSON. A
// write without a body needs no type. The payment gateway's calls back are form posts by design (same-origin.ts).
import { createMiddleware } from "hono/factory";
import { refuse } from "../refusal";
import type { WorkerEnv } from "../types";
import { SIGNED_CROSS_SITE_CALLS } from "./same-origin";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** application/json, or a JSON-based type such as application/merge-patch+json; parameters (charset) aside. */
export function isJsonType(contentType: string): boolean {
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return mediaType === "application/json" || /^application\/[\w.-]+\+json$/.test(mediaType);
}

/** Whether the request says it carries a body (a length above zero, or one sent in chunks). */
function hasBody(headers: Headers): boolean {
  const length = headers.get("Content-Length");
  return (length !== null && length.trim() !== "0") || headers.has("Transfer-Encoding");
}

/** Whether a write's body is of a type the API does not take. */
export function isRefusedBody(method: string, path: string, headers: Headers): boolean {
  if (!WRITES.has(method) || SIGNED_CROSS_SITE_CALLS.has(path)) return false;
  const type = headers.get("Content-Type");
  return type === null ? hasBody(headers) : !isJsonType(type);
}

export const jsonBodiesOnly = createMiddleware<WorkerEnv>(async (c, next) => {
  if (!isRefusedBody(c.req.method, c.req.path, c.req.raw.headers)) return next();
  return refuse(c, 415, "請求內容必須是 JSON（Content-Type: application/json）", {
    title: "無法處理這項請求",
    text: "請求內容的格式不正確。",
  });
});
