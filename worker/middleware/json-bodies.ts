// The /api/frontend writes take JSON only: `application/json`, optionally with `charset=utf-8` (JSON is UTF-8, RFC 8259).
// A body of another type (+json types such as application/json-patch+json included: they mean other things than a
// plain document) is refused with 415 (code 2) before anything reads it: a form or text/plain post (what another
// site's page can send without asking) must not be taken for JSON. A write without a body needs no type here; one that
// needs a body gets 400 from its handler (validation.ts). The payment gateway's calls back are form posts by design
// (same-origin.ts).
import { createMiddleware } from "hono/factory";
import { refuse } from "../refusal";
import type { WorkerEnv } from "../types";
import { SIGNED_CROSS_SITE_CALLS } from "./same-origin";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const JSON_TYPE = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

/** application/json, with no parameter but an optional charset=utf-8. */
export function isJsonType(contentType: string): boolean {
  return JSON_TYPE.test(contentType.trim());
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
