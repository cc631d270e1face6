// Work that follows a reply without delaying it (handing mail to the queue): the request's waitUntil when the API
// runs inside the worker, else awaited before the reply (the unit tests' app.request has no execution context).
import type { Context } from "hono";
import type { ApiEnv } from "./types";

/** What of a route's context the work after a reply needs: its bindings and its execution context. */
export type ApiContext = Pick<Context<ApiEnv>, "env" | "executionCtx">;

export async function afterReply(c: ApiContext, work: Promise<unknown>): Promise<void> {
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
