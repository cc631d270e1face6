// The { code, message, data } envelope and the one place where errors become replies.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_CODE } from "~/http/api-codes";
import { log } from "~/lib/log.server";

/** The reply to an unexpected failure (SPEC's code 5): a message for people, never technical details. */
export const SERVER_BUSY = { code: API_CODE.serverError, message: "系統忙碌中，請稍後再試" } as const;

export function ok<T>(c: Context, data: T, message = "成功") {
  return c.json({ code: API_CODE.ok, message, data });
}

/** An error with an envelope code and a message for people; thrown by handlers, mapped by `onApiError`. */
export class ApiFailure extends HTTPException {
  constructor(
    readonly code: number,
    message: string,
    status: ContentfulStatusCode,
    /** What the client needs to mend its request (e.g. the items short of stock); most errors carry none. */
    readonly data?: unknown,
  ) {
    super(status, { message });
  }
}

export const invalidInput = (message: string) => new ApiFailure(API_CODE.invalidInput, message, 400);
/** An input the client can mend in one field: `data.field` names it, so a form shows the message there. */
export const invalidField = (field: string, message: string) =>
  new ApiFailure(API_CODE.invalidInput, message, 400, { field });
export const notFound = (message: string) => new ApiFailure(API_CODE.notFound, message, 404);
export const unauthenticated = () => new ApiFailure(API_CODE.unauthenticated, "請先登入會員", 401);
export const conflict = (message: string) => new ApiFailure(API_CODE.conflict, message, 409);
export const tooManyAttempts = (message: string) => new ApiFailure(API_CODE.tooManyAttempts, message, 429);

export function onApiError(error: Error, c: Context) {
  c.header("Cache-Control", "no-store");
  if (error instanceof ApiFailure) {
    const data = error.data === undefined ? {} : { data: error.data };
    return c.json({ code: error.code, message: error.message, ...data }, error.status);
  }
  if (error instanceof HTTPException) {
    // Hono's own refusals (e.g. a body that is not JSON) are the client's input errors.
    const code = error.status === 401 ? API_CODE.unauthenticated : API_CODE.invalidInput;
    const status = error.status >= 500 ? 400 : error.status;
    const message = /JSON/i.test(error.message) ? "請求內容不是有效的 JSON" : "請求格式錯誤";
    return c.json({ code, message }, status as ContentfulStatusCode);
  }
  log.error("api", { message: String(error), stack: error.stack });
  return c.json(SERVER_BUSY, 500);
}

export function onApiNotFound(c: Context, allowed: string[] = []) {
  c.header("Cache-Control", "no-store");
  if (allowed.length > 0) {
    c.header("Allow", allowed.join(", "));
    return c.json(
      { code: API_CODE.invalidInput, message: `不支援 ${c.req.method} 方法（可用：${allowed.join("、")}）` },
      405,
    );
  }
  return c.json({ code: API_CODE.notFound, message: "找不到這個 API" }, 404);
}
