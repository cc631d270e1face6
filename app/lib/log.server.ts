// The one logger of the worker and of the app's server code: one JSON line per event, with the id of the request it
// happened in (X-Request-Id, set by worker/middleware/request-id.ts) read from the request's async scope, so a line
// written deep in the built-in API or a loader still names its request. Never an e-mail address or other personal
// data in `fields` (DEVELOPERS.md): ids, codes, paths and counts only.
import { AsyncLocalStorage } from "node:async_hooks";

type Level = "info" | "warn" | "error";

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`: every line it logs names it. */
export function inRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

function write(level: Level, where: string, fields: Record<string, unknown>) {
  const requestId = requestScope.getStore()?.requestId ?? null;
  // biome-ignore lint/suspicious/noConsole: this is the one place that writes log lines
  console[level](JSON.stringify({ level, where, request_id: requestId, ...fields }));
}

/** A failure as a log line's fields: an API refusal's code and status, else the error's name and message. */
export function failureFields(error: unknown): Record<string, unknown> {
  if (typeof error === "object" && error !== null && "code" in error && "status" in error) {
    const { code, status } = error as { code: unknown; status: unknown };
    return { code, status };
  }
  return error instanceof Error ? { message: String(error), stack: error.stack } : { message: String(error) };
}

export const log = {
  info: (where: string, fields: Record<string, unknown> = {}) => write("info", where, fields),
  warn: (where: string, fields: Record<string, unknown> = {}) => write("warn", where, fields),
  error: (where: string, fields: Record<string, unknown> = {}) => write("error", where, fields),
};
