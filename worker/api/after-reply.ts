// Work that follows a reply without delaying it (handing mail to the queue): the request's waitUntil when the API
// runs inside the worker, else awaited before the reply (the unit tests' app.request has no execution context).
import type { Context } from "hono";
import type { ApiEnv } from "./types";

export async function afterReply(c: Context<ApiEnv>, work: Promise<unknown>): Promise<void> {
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = (promise) => ctx.waitUntil(promise);
  } catch {
    // No execution context (Hono throws when there is none).
  }
  if (waitUntil) waitUntil(work);
  else await work;
}
